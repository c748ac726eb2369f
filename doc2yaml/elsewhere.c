// SPDX-License-Identifier: BSD-2-Clause
/*
 * elsewhere.c - child nodes documented elsewhere: a child whose compatible
 * another binding of the tree documents (an MFD's gpio, adc or regulator
 * block, a panel under a display controller) is that binding's business.
 * The conversion then writes the child as an object with that schema
 * referenced (or, when several schemas list the compatible, or no tree is
 * at hand and the text does not name it, left to their select), not as a
 * copy of the example's properties.  And the converse: a device whose
 * compatibles include one another schema owns selects its own only.
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"

#define AMBIGUOUS ((void *)1)

/* The compatible a schema line lists: "  - const: st,stmpe-gpio", "      - 'ti,twl4030-gpio'". */
static bool line_compatible(const char *t, const char **s, size_t *n)
{
	while (*t == ' ')
		t++;
	if (t[0] == '-' && t[1] == ' ')
		t += 2;
	if (starts_with(t, "const: "))
		t += 7;
	char q = (*t == '\'' || *t == '"') ? *t++ : 0;
	const char *b = t;

	while (*t && (isalnum((unsigned char)*t) || strchr(",._+-", *t)))
		t++;
	if (t == b || !memchr(b, ',', (size_t)(t - b)) || !islower((unsigned char)*b))
		return false;
	*n = (size_t)(t - b);
	if (q && *t++ != q)
		return false;
	if (*skip_blanks(t))
		return false;
	*s = b;
	return true;
}

/*
 * A top-level property's type in a schema: "  name:" under "properties:",
 * then at a deeper indentation "$ref: /schemas/types.yaml#/definitions/T"
 * or "type: boolean".  Names two schemas type differently are ambiguous.
 */
struct prop_scan {
	bool in_props;
	const char *name;	/* the property whose lines follow */
	size_t name_len;
};

static void note_type(struct dtbind_doc2yaml *c, const char *name, size_t n, const char *type,
		      size_t tl)
{
	const char *had = hmap_get_str(&c->prop_types, name, n);

	if (!had) {
		char *k = arena_strndup(&c->macro_arena, name, n);
		char *t = arena_strndup(&c->macro_arena, type, tl);

		if (k && t)
			hmap_put_str(&c->prop_types, k, n, t);
	} else if (had != AMBIGUOUS && (strlen(had) != tl || strncmp(had, type, tl))) {
		hmap_put_str(&c->prop_types, name, n, AMBIGUOUS);
	}
}

static void scan_property_line(struct dtbind_doc2yaml *c, struct prop_scan *ps, const char *l)
{
	static const char types_ref[] = "$ref: /schemas/types.yaml#/definitions/";
	size_t ind = strspn(l, " ");

	if (!l[ind])
		return;		/* a blank line ends nothing */
	if (ind == 0) {
		ps->in_props = !strcmp(l, "properties:");
		ps->name = NULL;
		return;
	}
	if (!ps->in_props || l[ind] == '#')
		return;
	if (ind == 2) {
		const char *b = l + 2 + (l[2] == '\'' || l[2] == '"');
		size_t n = strcspn(b, ":'\" ");

		ps->name = n && b[n] != ' ' && (b[n] == ':' || b[n + 1] == ':') ? b : NULL;
		ps->name_len = n;
		return;
	}
	if (!ps->name || ind != 4)
		return;
	if (starts_with(l + 4, types_ref)) {
		const char *t = l + 4 + strlen(types_ref);
		size_t tl = strspn(t, "abcdefghijklmnopqrstuvwxyz0123456789-");

		if (tl)
			note_type(c, ps->name, ps->name_len, t, tl);
	} else if (!strcmp(l + 4, "type: boolean")) {
		note_type(c, ps->name, ps->name_len, "flag", 4);
	}
}

static void index_file(struct dtbind_doc2yaml *c, const char *root, const char *path)
{
	char *buf;
	size_t len;
	struct prop_scan ps = { 0 };

	if (read_file(path, 1u << 20, &buf, &len))
		return;
	const char *rel = arena_strdup(&c->macro_arena, path + strlen(root) + 1);

	for (char *l = buf; rel && l && *l;) {
		char *eol = strchr(l, '\n');
		const char *s;
		size_t n;

		if (eol)
			*eol = '\0';
		if (starts_with(l, "examples:"))
			break;
		scan_property_line(c, &ps, l);
		if (line_compatible(l, &s, &n)) {
			void *had = hmap_get_str(&c->compat_docs, s, n);

			if (!had) {
				char *k = arena_strndup(&c->macro_arena, s, n);

				if (k)
					hmap_put_str(&c->compat_docs, k, n, (void *)rel);
			} else if (had != AMBIGUOUS && strcmp(had, rel)) {
				hmap_put_str(&c->compat_docs, s, n, AMBIGUOUS);
			}
		}
		l = eol ? eol + 1 : NULL;
	}
	free(buf);
}

static void index_dir(struct dtbind_doc2yaml *c, const char *root, const char *dir, unsigned depth)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	if (!d)
		return;
	while ((de = readdir(d)) != NULL && depth < 8) {
		char *p;
		struct stat st;

		if (de->d_name[0] == '.' || asprintf(&p, "%s/%s", dir, de->d_name) < 0)
			continue;
		if (str_ends_with(de->d_name, ".yaml"))
			index_file(c, root, p);
		else if (stat(p, &st) == 0 && S_ISDIR(st.st_mode))
			index_dir(c, root, p, depth + 1);
		free(p);
	}
	closedir(d);
}

/*
 * The schema (path under the bindings root) that documents compatible @s,
 * NULL when none does; AMBIGUOUS_DOC when several list it.  The tree's
 * schemas are read once per converter and root.
 */
/* The tree's schemas, indexed once per converter and root. */
static void index_tree(struct conv *cv)
{
	struct dtbind_doc2yaml *c = cv->c;

	if (c->compat_root && !strcmp(c->compat_root, cv->root))
		return;
	hmap_free(&c->compat_docs);
	hmap_init(&c->compat_docs);
	hmap_free(&c->prop_types);
	hmap_init(&c->prop_types);
	free(c->compat_root);
	c->compat_root = strdup(cv->root);
	index_dir(c, cv->root, cv->root, 0);
}

/*
 * The type the tree's schemas give property @name at their top level
 * ("uint32", "flag"), when they agree; NULL without a tree or a type.
 */
const char *tree_property_type(struct conv *cv, const char *name)
{
	if (!cv->root || !name)
		return NULL;
	index_tree(cv);
	const char *t = hmap_get_str(&cv->c->prop_types, name, strlen(name));

	return t == AMBIGUOUS ? NULL : t;
}

const char *documented_elsewhere(struct conv *cv, const char *s)
{
	struct dtbind_doc2yaml *c = cv->c;

	if (!cv->root || !s)
		return NULL;
	index_tree(cv);
	const char *path = hmap_get_str(&c->compat_docs, s, strlen(s));

	if (path == AMBIGUOUS)
		return AMBIGUOUS_DOC;
	/* Our own output, converted before: not elsewhere. */
	if (path && cv->txt_rel && !strncmp(path, cv->txt_rel, strlen(cv->txt_rel) - 4) &&
	    !strcmp(path + strlen(cv->txt_rel) - 4, ".yaml"))
		return NULL;
	return path;
}

/* The schema of a child group whose compatible is documented elsewhere, or NULL. */
struct ynode *elsewhere_schema(struct conv *cv, const struct ditem *const *inst, size_t n,
			       unsigned src, const char *desc)
{
	const char *doc = NULL, *docs[64], *fallbacks[64];
	size_t nd = 0;

	for (size_t i = 0; i < n && nd < ARRAY_SIZE(docs); i++) {
		const struct ditem *cp = node_prop(inst[i], "compatible");
		const char *v[4];
		size_t nv;

		if (!cp || !cp->value || (nv = value_strings(cv, cp->value, v, 4)) < 1 || !v[0])
			continue;
		if (our_compatible(cv, v[0]))
			return NULL;	/* ours: described here */
		/*
		 * Without a tree, a compatible the text does not name is another
		 * binding's: left to that binding's select.
		 */
		docs[nd] = cv->root ? documented_elsewhere(cv, v[0]) :
			   text_mentions(cv, v[0]) ? NULL : AMBIGUOUS_DOC;
		fallbacks[nd++] = nv > 1 ? v[nv - 1] : NULL;
		if (!doc)
			doc = docs[nd - 1];
	}
	/*
	 * Instances of two kinds under one name (an EHCI and an OHCI, both
	 * "usb@"): two schemas, or one and a list of another fallback that none
	 * documents.  Each is left to its own select.
	 */
	for (size_t i = 0; doc && i < nd; i++) {
		const char *fb = NULL;

		for (size_t j = 0; j < nd && !fb; j++)
			if (docs[j] == doc)
				fb = fallbacks[j];
		if ((docs[i] && strcmp(docs[i], doc)) ||
		    (!docs[i] && fb && fallbacks[i] && strcmp(fb, fallbacks[i])))
			doc = AMBIGUOUS_DOC;
	}
	return doc ? child_ref_schema(cv, doc, src, desc) : NULL;
}

/* A child node another schema describes: @doc (under bindings/), or AMBIGUOUS_DOC. */
struct ynode *child_ref_schema(struct conv *cv, const char *doc, unsigned src, const char *desc)
{
	struct ynode *s = ymap(cv, src);

	yset(s, "type", yraw(cv, "object", src));
	if (desc)
		yset(s, "description", ydesc(cv, desc, src, 4));
	if (*doc) {	/* not AMBIGUOUS_DOC */
		yset(s, "$ref", ystr(cv, cv_printf(cv, "/schemas/%s#", doc), src));
		yset(s, "unevaluatedProperties", yraw(cv, "false", src));
	} else {
		yset(s, "additionalProperties", yraw(cv, "true", src));	/* left to its select */
	}
	return s;
}

/*
 * The select of a device whose compatibles include one another schema owns
 * ("simple-bus", "ns16550a", "usb-ehci"): dt-schema's default select takes
 * every compatible the schema names but "syscon" and "simple-mfd", so
 * without its own the schema would check every simple-bus node of every
 * tree (at91-pinctrl's conversion failed 26 other examples of 6.1).  The
 * kernel's schemas write it as fsl,spba-bus.yaml does: their own
 * compatibles only.  NULL when none is shared, or all are.
 */
struct ynode *own_compatibles_select(struct conv *cv)
{
	unsigned src = cv->compat_line;
	struct ynode *own = yseq(cv, src);
	const char *first = NULL;
	size_t nown = 0;
	bool shared = false;

	for (size_t i = 0; i < cv->chains.n; i++) {
		const struct chain *ch = cv->chains.v[i];

		for (size_t k = 0; k < ch->n; k++) {
			if (generic_compatible(ch->s[k])) {
				shared |= strcmp(ch->s[k], "syscon") && strcmp(ch->s[k], "simple-mfd");
				continue;
			}
			bool seen = false;

			for (size_t j = 0; j < i && !seen; j++) {
				const struct chain *o = cv->chains.v[j];

				for (size_t m = 0; m < o->n && !seen; m++)
					seen = !strcmp(o->s[m], ch->s[k]);
			}
			for (size_t j = 0; j < k && !seen; j++)
				seen = !strcmp(ch->s[j], ch->s[k]);
			if (seen)
				continue;
			ypush(own, ystr(cv, ch->s[k], ch->line));
			if (!nown++)
				first = ch->s[k];
		}
	}
	if (!shared || !nown)
		return NULL;
	struct ynode *sel = ymap(cv, src), *props = ymap(cv, src), *compat = ymap(cv, src);
	struct ynode *contains = ymap(cv, src), *req = yseq(cv, src);

	if (nown == 1)
		yset(contains, "const", ystr(cv, first, src));
	else
		yset(contains, "enum", own);
	yset(compat, "contains", contains);
	yset(props, "compatible", compat);
	yset(sel, "properties", props);
	ypush(req, ystr(cv, "compatible", src));
	yset(sel, "required", req);
	return sel;
}
