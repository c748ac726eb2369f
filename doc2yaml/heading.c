// SPDX-License-Identifier: BSD-2-Clause
/*
 * heading.c - which lines of a .txt are headings, and what each says of
 * the items under it: required or optional, a child's, another part of the
 * text ("* DMA client"), an example.
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"

bool mentions_props(const char *s)
{
	return find_ci(s, "propert") || find_ci(s, "properit") || find_ci(s, "propeti") ||
	       find_ci(s, "proprt") || find_ci(s, "porpert") || find_word(s, "parameters");
}

static const char *const sub_words[] = {
	"child", "children", "subnode", "subnodes", "sub-node", "sub-nodes", "sub node",
	"sub nodes", "port", "ports", "endpoint", "endpoints", "channel", "channels",
	"pin configuration", "pins", "regulator", "regulators", "each", "phy node", "led node",
	"leds node", "partition", "partitions", "mux group", "pin group", "group node", "link node",
	"sensor node", "slot", "slots", "client", "clients", "consumer", "consumers", "cpu node",
	"gpio node", "memory node", "per-port", "per-channel",
};

/*
 * Does heading @p name another node than the device ("Required port
 * properties")?  Not by a word the title has: a part converted on its own
 * ("* Ethernet port node", parts.c) is that port.
 */
static bool names_sub_node(const struct conv *cv, const char *p)
{
	for (size_t i = 0; i < ARRAY_SIZE(sub_words); i++)
		if (find_word(p, sub_words[i]) &&
		    !(cv->c->part_of && cv->title && find_word(cv->title, sub_words[i])))
			return true;
	return false;
}

/* Single capitalized words that label parts of a text ("Controller:", "Notes:"). */
static bool looks_like_prop_name(const char *s, size_t n)
{
	if (!n || !(islower((unsigned char)s[0]) || s[0] == '#'))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!(isalnum((unsigned char)s[i]) || strchr(",._+-#@", s[i])))
			return false;
	return true;
}

/*
 * Is the next text after line @i, past rules and more headings' lines
 * ("Tegra20:" then "--------" then "SoC DTSI:"), example code?  Such a
 * heading titles the next example, it does not end the examples.
 */
static bool code_follows(const struct conv *cv, size_t i)
{
	for (size_t k = i + 1; k < cv->nlines && k < i + 8; k++) {
		const struct line *l = &cv->lines[k];
		size_t n = strlen(l->t);

		if (l->blank || is_rule_line(l) || (n && n < 40 && l->t[n - 1] == ':'))
			continue;
		return dts_like(l->t);
	}
	return false;
}

/*
 * "  on compatible:", two words at most ending an indented paragraph (@p:
 * line @i without its decoration), goes on with it; longer lines there can
 * still open a child's list.
 */
static bool paragraph_tail(const struct conv *cv, size_t i, const char *p)
{
	const struct line *l = &cv->lines[i];
	const char *sp = strchr(p, ' ');

	return islower((unsigned char)*l->t) && l->ind > 0 && i > 0 &&
	       !strchr(skip_blanks(sp ? sp : p), ' ') && !cv->lines[i - 1].blank &&
	       !is_rule_line(&cv->lines[i - 1]) && cv->lines[i - 1].ind <= l->ind &&
	       !find_ci(p, "propert") && !find_ci(p, "example");
}

/* Does a line end mid-sentence ("... can include the", "... group(s),")? */
static bool sentence_goes_on(const char *t)
{
	size_t n = strlen(t);

	while (n && t[n - 1] == ' ')
		n--;
	return n && (isalpha((unsigned char)t[n - 1]) || t[n - 1] == ',');
}

/*
 * "* Marvell MBus controller" at the margin between blank lines, over a
 * "Required properties:" heading (or a paragraph of up to three lines and
 * that heading): the title of the text's next part (a second device), not
 * a bullet of the description.
 */
static bool another_part_title(const struct conv *cv, size_t i)
{
	const struct line *l = &cv->lines[i];
	size_t k = i + 1;
	unsigned words = 1;

	if (l->ind != 0 || !cv->lines[i - 1].blank || str_ends_with(l->t, ".") ||
	    str_ends_with(l->t, ":"))
		return false;
	for (const char *p = l->t + 2; *p; p++)
		words += *p == ' ';
	if (words > 8 || k >= cv->nlines || !cv->lines[k].blank)
		return false;
	while (k < cv->nlines && cv->lines[k].blank)
		k++;
	/* "* DMA client\n\nClients have to specify ...\n\nRequired properties:" */
	if (k < cv->nlines && !mentions_props(cv->lines[k].t)) {
		size_t para = k;

		while (k < cv->nlines && !cv->lines[k].blank && k - para < 4)
			k++;
		if (k - para >= 4 || k >= cv->nlines || !cv->lines[k].blank)
			return false;
		while (k < cv->nlines && cv->lines[k].blank)
			k++;
	}
	return k < cv->nlines && mentions_props(cv->lines[k].t) &&
	       str_ends_with(cv->lines[k].t, ":") && cv->lines[k].ind == 0;
}

/*
 * Is line @i, ending with ':' (@p its text without the colon, @words long),
 * a line of a paragraph rather than a heading?
 */
static bool colon_line_is_prose(const struct conv *cv, size_t i, const char *p, unsigned words,
				bool caps)
{
	const struct line *l = &cv->lines[i], *nx = next_line(cv, i);
	const struct line *pv = i > 0 ? &cv->lines[i - 1] : NULL;
	bool after_text = pv && !pv->blank && !is_rule_line(pv);
	const char *nb;

	/* A long line ending with ':' in the middle of a paragraph. */
	if (!caps && words > 7 && !mentions_props(p) && !find_ci(p, "example"))
		return true;
	if (after_text && words > 3 && !mentions_props(p) && !find_ci(p, "example") &&
	    !find_ci(p, "node") && !find_ci(p, "required") && !find_ci(p, "optional"))
		return true;
	/*
	 * "... can include the\nmux function ..., and two pin configuration
	 * parameters:\npull-up and open-drain": a lower-case line inside a
	 * paragraph, going on with the sentence of the line before and on into
	 * the prose of the next, is the paragraph's, whatever it names.  (Over
	 * a blank line or a list, "... the following\nproperties, but they are
	 * now deprecated:" heads what follows.)
	 */
	return islower((unsigned char)p[0]) && words > 5 && after_text && pv->ind == l->ind &&
	       sentence_goes_on(pv->t) && nx && !nx->blank && nx->no == l->no + 1 &&
	       nx->ind == l->ind && !bullet_at(nx->t, &nb) && isalpha((unsigned char)*nx->t);
}

/*
 * What heading @p (line @i) says of its items: required or optional,
 * deprecated, conditional, a child's ("for child nodes"), the root's.
 */
static void heading_flags(const struct conv *cv, size_t i, const char *p, struct heading *h)
{
	/* "Require properties", "Requires node properties", "Compulsory properties" too. */
	if (find_ci(p, "require") || find_ci(p, "mandatory") || find_ci(p, "compulsory"))
		h->req = REQ_YES;
	if (find_ci(p, "optional"))
		h->req = REQ_NO;
	if (find_ci(p, "deprecated") || find_ci(p, "obsolete")) {
		h->deprecated = true;
		h->req = REQ_NO;
	}
	if ((find_ci(p, "additional") && h->req == REQ_YES) || find_word(p, "if") ||
	    find_word(p, "when") || find_ci(p, "required only"))
		h->conditional = true;
	if (h->kind != SEC_EXAMPLE && names_sub_node(cv, p))
		h->sub = true;
	/* "... there must be device tree subnode with the following\nrequired properties:" */
	if (h->kind == SEC_PROPS && islower((unsigned char)p[0]) && i > 0 &&
	    !cv->lines[i - 1].blank && (find_ci(cv->lines[i - 1].t, "subnode") ||
					find_ci(cv->lines[i - 1].t, "sub-node") ||
					find_ci(cv->lines[i - 1].t, "child node")))
		h->sub = true;
	/* "Parent node should have the following properties": another node's (6 files of 6.1). */
	if (h->kind == SEC_PROPS && find_ci(p, "parent node"))
		h->sub = true;
	if (find_ci(p, "root node") || find_ci(p, "root-node"))
		h->root = true, h->sub = false;
	if (find_word(p, "node") || find_word(p, "nodes"))
		h->nodeword = true;
}

/*
 * Line @i ("Required properties" without its colon, @p its @words words):
 * over a list of items, or "Optional Properties for Direct Keyes" on a
 * line of its own over its items or a line on them.
 */
static bool props_heading_without_colon(const struct conv *cv, size_t i, const char *p,
					unsigned words)
{
	const struct line *l = &cv->lines[i], *nx = next_line(cv, i);
	const char *nb;

	if (!mentions_props(p) || !nx || nx->no != l->no + 1)
		return false;
	if (words <= 3 && bullet_at(nx->t, &nb))
		return true;
	return words <= 8 && l->ind <= 2 &&
	       (starts_with_ci(p, "required ") || starts_with_ci(p, "optional ")) &&
	       (i == 0 || cv->lines[i - 1].blank) && !nx->blank && !strchr(p, '.') &&
	       !strchr(p, ',');
}

/* "Required properties in pwrap device node." over its items: a full stop for the colon. */
static bool props_heading_with_stop(const struct conv *cv, size_t i, const char *p, size_t n)
{
	const struct line *l = &cv->lines[i], *nx = next_line(cv, i);
	const char *after;

	return n > 1 && p[n - 1] == '.' && p[n - 2] != '.' && mentions_props(p) && l->ind <= 2 &&
	       (starts_with_ci(p, "required ") || starts_with_ci(p, "optional ")) &&
	       !memchr(p, '.', n - 1) && nx && nx->no == l->no + 1 && bullet_at(nx->t, &after);
}

/*
 * Is line @i a heading?  Fills @h.  Headings end with ':', are underlined,
 * are ALL CAPS, or are a bare "Example".
 */
bool classify_heading(const struct conv *cv, size_t i, bool in_example, struct heading *h)
{
	const struct line *l = &cv->lines[i], *nx = next_line(cv, i);
	char buf[256];
	const char *t = l->t;
	size_t n;

	memset(h, 0, sizeof(*h));
	if (l->blank || is_rule_line(l))
		return false;
	if (*t == '*' && t[1] == ' ' && i > 0 && another_part_title(cv, i)) {
		h->kind = SEC_OTHER;
		/* "* DMA client": the consumers' part, not the device's. */
		heading_flags(cv, i, t + 2, h);
		return true;
	}
	if (*t == '-' || (*t == '*' && t[1] == ' ' && i > 0) || *t == '"' || *t == '<' ||
	    *t == '/' || *t == '&' || *t == '}')
		return false;
	n = strlen(t);
	if (n >= sizeof(buf) || n < 3)
		return false;
	memcpy(buf, t, n + 1);
	/* "1) name node", "a. Properties", "2. Example" */
	char *p = buf;
	bool numbered = false;

	if ((isdigit((unsigned char)p[0]) || (isalpha((unsigned char)p[0]) && p[1] == ')')) &&
	    (p[1] == ')' || p[1] == '.' || (isdigit((unsigned char)p[1]) && (p[2] == ')' || p[2] == '.')))) {
		p = strpbrk(p, ").") + 1;
		while (*p == ' ')
			p++;
		numbered = isalpha((unsigned char)*p);
	}
	while (*p == '*' || *p == '=' || *p == '#' || *p == ' ')
		p++;
	n = strlen(p);
	while (n && strchr("*= ", p[n - 1]))
		p[--n] = '\0';
	if (!n)
		return false;
	/* "Example isl1219 node with ...", "Example: mdp iommu and its bus master" */
	if ((starts_with_ci(p, "example ") || starts_with_ci(p, "examples ") ||
	     starts_with_ci(p, "example:") || starts_with_ci(p, "examples:") ||
	     starts_with_ci(p, "example(")) &&
	    l->ind <= 2 && (i == 0 || cv->lines[i - 1].blank || is_rule_line(&cv->lines[i - 1]))) {
		h->kind = SEC_EXAMPLE;
		return true;
	}
	/* "Optional properties: (See ethernet.txt file in the same directory)" */
	char *remark = strstr(p, ": (");

	if (remark && p[n - 1] == ')' && mentions_props(p) && remark - p < 40 &&
	    (starts_with_ci(p, "required ") || starts_with_ci(p, "optional "))) {
		remark[1] = '\0';
		n = strlen(p);
	}
	if (props_heading_with_stop(cv, i, p, n))
		p[n - 1] = ':';
	bool colon = p[n - 1] == ':';
	bool underlined = nx && !nx->blank && is_rule_line(nx) && nx->ind <= l->ind + 2;

	if (!numbered && !underlined && paragraph_tail(cv, i, p))
		return false;
	bool caps = true;
	unsigned words = 1, letters = 0;

	if (colon)
		p[--n] = '\0';
	while (n && p[n - 1] == ' ')
		p[--n] = '\0';
	for (size_t k = 0; k < n; k++) {
		if (islower((unsigned char)p[k]))
			caps = false;
		if (isalpha((unsigned char)p[k]))
			letters++;
		if (p[k] == ' ')
			words++;
	}
	{
		size_t nonspace = 0;

		for (size_t k = 0; k < n; k++)
			if (p[k] != ' ')
				nonspace++;
		caps = caps && letters >= 4 && words <= 5 && letters * 10 >= nonspace * 8 &&
		       !isdigit((unsigned char)p[0]) && l->ind <= 4 &&
		       (i == 0 || cv->lines[i - 1].blank || is_rule_line(&cv->lines[i - 1]));
	}
	/* "Required if compatible is \"fsl,imx8qm-mqs\":", "Clocks required for compatible = \"x\":" */
	bool compat_scope = colon && find_ci(p, "compatible") && words <= 12 &&
			    (starts_with_ci(p, "required ") || starts_with_ci(p, "optional ") ||
			     find_ci(p, " required for ") || find_ci(p, " required if "));

	if (((strchr(p, '=') || strchr(p, '"')) && !compat_scope) || strchr(p, ';') ||
	    strchr(p, '{'))
		return false;
	if (words > 12)
		return false;
	bool bare_example = !strcasecmp(p, "example") || !strcasecmp(p, "examples");


	bool bare_props = props_heading_without_colon(cv, i, p, words);

	if (!colon && !underlined && !caps && !bare_example && !(numbered && words <= 6) &&
	    !bare_props)
		return false;
	/* "compatible:" and "reg:" are items, not headings. */
	if (words == 1 && colon && looks_like_prop_name(p, n))
		return false;
	/* So is "compatible: Shall be one of the following:". */
	{
		size_t tl = strcspn(t, ": \t");

		if (t[tl] == ':' && (looks_like_prop_name(t, tl) ||
				     (tl == 10 && !strncasecmp(t, "compatible", 10))))
			return false;
	}
	/* A long heading that scopes to compatibles names many: no paragraph for that. */
	if (colon && !underlined && !compat_scope && colon_line_is_prose(cv, i, p, words, caps))
		return false;
	if (l->ind > 16)
		return false;

	if (find_ci(p, "example")) {
		h->kind = SEC_EXAMPLE;
	} else if (mentions_props(p) || compat_scope) {
		h->kind = SEC_PROPS;
	} else if ((find_ci(p, "node") || find_ci(p, "child")) &&
		   (find_ci(p, "required") || find_ci(p, "optional") || (words <= 2 && colon)) &&
		   !caps && !underlined) {
		h->kind = SEC_NODES;
		h->sub = true;
	} else {
		if (in_example && (!(underlined || caps) || code_follows(cv, i)))
			return false;	/* "Controller:", "or", prose between examples */
		h->kind = SEC_OTHER;
	}
	heading_flags(cv, i, p, h);
	return true;
}
