# SPDX-License-Identifier: BSD-2-Clause
# dtbind - one plain GNU Makefile.  `make V=1` shows the commands.

CC ?= cc
PREFIX ?= /usr/local
BUILD ?= build
SHARED ?= ../shared

WARN := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	-Wwrite-strings -Wpointer-arith -Wno-missing-field-initializers
CFLAGS ?= -O2 -g
PKGS := libfyaml yaml-0.1 libpcre2-8
ALL_CFLAGS = -std=c11 $(WARN) $(CPPFLAGS) $(CFLAGS) -Ilib -I. -I$(BUILD) $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
LIBS = $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lfdt -lm
# The kernel's make targets start dtbind twice per binding example, about
# 9,000 times in a whole dt_binding_check: linked statically it starts in
# about a third of the CPU time (no dynamic loader, no libraries to map).
# STATIC=1 when the static archives are there and no sanitizer is asked
# for; STATIC=0 links dynamically (the Debian package does).
STATIC_ARCHIVES := libfyaml.a libyaml.a libpcre2-8.a libfdt.a libm.a libc.a
ifeq ($(origin STATIC),undefined)
STATIC := $(if $(findstring sanitize,$(CFLAGS) $(LDFLAGS)),0,$(if $(strip $(foreach a,\
	$(STATIC_ARCHIVES),$(filter-out /%,$(shell $(CC) -print-file-name=$(a) 2>/dev/null)))),0,1))
endif
BIN_LIBS = $(if $(filter 1,$(STATIC)),-static $(shell pkg-config --static --libs $(PKGS) \
	2>/dev/null) -lfdt -lm,$(LIBS))
TEST_LIBS = $(LIBS) $(shell pkg-config --libs cmocka 2>/dev/null)

ifneq ($(V),1)
Q := @
echo_cmd = @printf '  %-7s %s\n' $(1) $(2);
endif

# One library per folder.  The foundation (lib/) serves every tool; a tool
# may call into the foundation and into the tools it is declared to sit on
# (TOOL_DEPS), and nothing else: scripts/check-layers.sh checks the symbols
# with nm after each build.  Tools are listed lowest first, the link order.
TOOLS := exampletest validate lint doc2yaml kbuild lsp
space := $(subst ,, )
TOOL_DEPS_exampletest :=
TOOL_DEPS_validate :=
TOOL_DEPS_lint := exampletest
TOOL_DEPS_doc2yaml := lint exampletest
# The kernel's make targets: dt-schema's program names over the tools.
TOOL_DEPS_kbuild := lint exampletest validate
# The language server: diagnostics, hover, completion over the tools.
TOOL_DEPS_lsp := lint exampletest validate
LIB_SRCS := $(wildcard lib/*.c)
LIB_OBJS := $(patsubst %.c,$(BUILD)/%.o,$(LIB_SRCS)) $(BUILD)/lib/embedded.o
tool_objs = $(patsubst %.c,$(BUILD)/%.o,$(wildcard $(1)/*.c))
TOOL_LIBS := $(foreach t,$(TOOLS),$(BUILD)/lib$(t).a)
# Highest first, as the linker wants them.
reverse = $(if $(1),$(call reverse,$(wordlist 2,$(words $(1)),$(1))) $(firstword $(1)))
LINK_LIBS := $(call reverse,$(TOOL_LIBS)) $(BUILD)/libdtbind.a
MAIN_SRCS := $(wildcard src/*.c)
MAIN_OBJS := $(patsubst %.c,$(BUILD)/%.o,$(MAIN_SRCS))
UNIT_SRCS := $(wildcard tests/unit/test_*.c)
UNIT_BINS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_SRCS))
KBUILD_SUBSET ?= 1
SCHEMA_FILES := $(shell find schemas -type f \( -name '*.json' -o -name '*.yaml' \) 2>/dev/null | LC_ALL=C sort)

# The man pages, printed by the binary from the descriptions --help prints.
COMMANDS := jsonschema lint exampletest validate check hook mkschema parse doc2yaml kbuild-path lsp
MAN_PAGES := $(BUILD)/man/dtbind.1 $(foreach c,$(COMMANDS),$(BUILD)/man/dtbind-$(c).1)
MANDIR ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/vendor-completions

.PHONY: all man uninstall install-tests check asan asan-corpus yaml-block-diff fuzz fuzz-mutate fuzz-smoke fuzz-build fuzz-harnesses bench demo install clean deps unit suite suite-external corpus-tests check-tests lint-tests cpp-tests doc2yaml-tests cache-tests interrupt-tests root-tests rules-tests conformance kbuild-tests lsp-tests
all: $(BUILD)/dtbind $(BUILD)/kbuild/.links $(MAN_PAGES)
man: $(MAN_PAGES)

$(BUILD)/man/dtbind.1: $(BUILD)/dtbind
	$(call echo_cmd,MAN,$@)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(BUILD)/dtbind --man > $@.tmp && mv $@.tmp $@

$(BUILD)/man/dtbind-%.1: $(BUILD)/dtbind
	$(call echo_cmd,MAN,$@)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(BUILD)/dtbind --man $* > $@.tmp && mv $@.tmp $@
deps:
	$(Q)sh scripts/install-deps.sh

$(BUILD)/%.o: %.c
	$(call echo_cmd,CC,$<)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/tools/embed: schemas/embed.c
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) -std=c11 $(WARN) -O2 -o $@ $<

$(BUILD)/lib/embedded.c: $(BUILD)/tools/embed $(SCHEMA_FILES)
	$(call echo_cmd,EMBED,schemas/)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(BUILD)/tools/embed schemas $(SCHEMA_FILES) > $@.tmp && mv $@.tmp $@

$(BUILD)/lib/embedded.o: $(BUILD)/lib/embedded.c
	$(call echo_cmd,CC,$<)
	$(Q)$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/libdtbind.a: $(LIB_OBJS)
	$(call echo_cmd,AR,$@)
	$(Q)rm -f $@ && ar rcs $@ $^

define tool_lib
$$(BUILD)/lib$(1).a: $$(call tool_objs,$(1))
	$$(call echo_cmd,AR,$$@)
	$$(Q)rm -f $$@ && ar rcs $$@ $$^
endef
$(foreach t,$(TOOLS),$(eval $(call tool_lib,$(t))))

# The layering, checked on the built libraries (a call upward or sideways fails the build).
$(BUILD)/layers.ok: scripts/check-layers.sh $(BUILD)/libdtbind.a $(TOOL_LIBS)
	$(call echo_cmd,LAYERS,$(BUILD))
	$(Q)sh scripts/check-layers.sh $(BUILD) $(foreach t,$(TOOLS),$(t):$(subst $(space),+,$(strip $(TOOL_DEPS_$(t))))) && touch $@

$(BUILD)/dtbind: $(MAIN_OBJS) $(LINK_LIBS) $(BUILD)/layers.ok
	$(call echo_cmd,LD,$@)
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(MAIN_OBJS) $(LINK_LIBS) $(BIN_LIBS)

$(BUILD)/tests/%: tests/unit/%.c $(LINK_LIBS)
	$(call echo_cmd,CC,$<)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(ALL_CFLAGS) $(shell pkg-config --cflags cmocka 2>/dev/null) -MMD -MP \
		-o $@ $< $(LINK_LIBS) $(TEST_LIBS)

$(BUILD)/tests/suite-runner: tests/jsonschema/suite-runner.c $(BUILD)/libdtbind.a
	$(call echo_cmd,CC,$<)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(ALL_CFLAGS) -MMD -MP -o $@ $< $(BUILD)/libdtbind.a $(LIBS)

# Block scalar texts as lib/yaml.c makes them, against libfyaml's and PyYAML's
# (tests/yaml/block-diff.py): generated documents, this repository's YAML and
# JSON, the JSON Schema Test Suite and the kernel trees' bindings.  Not in
# `check`: it reads the kernel corpus (../shared/corpus.sh).
$(BUILD)/tests/block-diff: tests/yaml/block-diff.c $(BUILD)/libdtbind.a
	$(call echo_cmd,CC,$<)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(ALL_CFLAGS) -MMD -MP -o $@ $< $(BUILD)/libdtbind.a $(LIBS)

yaml-block-diff: $(BUILD)/tests/block-diff
	$(Q)python3 tests/yaml/block-diff.py $< --random 20000 --seed 1
	$(Q)python3 tests/yaml/block-diff.py $< tests corpus schemas $(SHARED)/json-schema-test-suite
	$(Q)for v in 6.1 6.12; do \
		k=$$(sh $(SHARED)/corpus.sh $$v | tail -n 1) && \
		python3 tests/yaml/block-diff.py $< "$$k/Documentation/devicetree/bindings" || exit 1; \
	done

# The test command of the README: installs what is missing, builds, runs everything.
check: deps
	$(Q)$(MAKE) --no-print-directory unit suite suite-external corpus-tests check-tests lint-tests cpp-tests doc2yaml-tests cache-tests \
		interrupt-tests root-tests rules-tests install-tests lsp-tests
	$(Q)$(MAKE) --no-print-directory kbuild-tests

unit: $(UNIT_BINS) $(BUILD)/dtbind
	$(Q)sh tests/run-unit.sh $(UNIT_BINS)

suite: $(BUILD)/tests/suite-runner $(BUILD)/dtbind
	$(Q)$(BUILD)/tests/suite-runner --suite $(SHARED)/json-schema-test-suite \
		--expected-failures tests/jsonschema/expected-failures.txt

# The same suite, case by case through the command line, by a runner that is not ours.
suite-external: $(BUILD)/dtbind
	$(Q)python3 tests/jsonschema/external-check.py --suite $(SHARED)/json-schema-test-suite \
		--dtbind $(BUILD)/dtbind

corpus-tests: $(BUILD)/dtbind
	$(Q)sh tests/run-corpus.sh $(BUILD)/dtbind

# The compiled schema cache: reused, rebuilt on a change of content, never trusted damaged;
# under faults: concurrent writers, SIGKILL, partial files, odd or full directories.
cache-tests: $(BUILD)/dtbind
	$(Q)sh tests/cache/run.sh $(BUILD)/dtbind
	$(Q)sh tests/cache/stamps.sh $(BUILD)/dtbind
	$(Q)sh tests/cache/faults.sh $(BUILD)/dtbind

# check and doc2yaml stopped by SIGINT/SIGTERM leave no temporary tree nor half file.
interrupt-tests: $(BUILD)/dtbind
	$(Q)SHARED=$(SHARED) sh tests/interrupt/run.sh $(BUILD)/dtbind

# Every tool finds the same bindings root (bindings_root_above()).
root-tests: $(BUILD)/dtbind
	$(Q)sh tests/roots/run.sh $(BUILD)/dtbind

# The preprocessor against gcc -E on the fixtures (the kernel trees: tests/cpp/compare.sh).
cpp-tests: $(BUILD)/dtbind
	$(Q)sh tests/cpp/compare.sh --fixtures-only

# doc2yaml on the seeds' .txt bindings and its fixtures, against golden output.
doc2yaml-tests: $(BUILD)/dtbind
	$(Q)sh tests/doc2yaml/run.sh $(BUILD)/dtbind

# -W/-Wno/-E/-Werror and --list-rules on every command (the rule registry).
# Same runner: dt-schema 2026.06's decoding and array sizes on a small 2026.06 tree.
rules-tests: $(BUILD)/dtbind
	$(Q)sh tests/golden/rules/run.sh $(BUILD)/dtbind
	$(Q)GOLDEN_DIR=tests/golden/dtschema-2026 sh tests/golden/rules/run.sh $(BUILD)/dtbind

# The kbuild front-ends on a small tree, installed with DESTDIR (tests/kbuild).
kbuild-tests: $(BUILD)/dtbind $(BUILD)/kbuild/.links
	$(Q)sh tests/kbuild/run.sh $(BUILD)/dtbind

# Golden cases for every lint rule: fires, stays silent, -Wno silences it.
lint-tests: $(BUILD)/dtbind
	$(Q)sh tests/lint/run.sh $(BUILD)/dtbind

# dtbind lsp driven like an editor on tests/lsp/tree (real 6.12 files), then 10,000 fuzzed messages.
lsp-tests: $(BUILD)/dtbind
	$(Q)python3 tests/lsp/test.py $(BUILD)/dtbind
	$(Q)python3 tests/lsp/fuzz.py $(BUILD)/dtbind

# dtbind check on patches and mbox series, and the pre-commit hook.
check-tests: $(BUILD)/dtbind
	$(Q)sh tests/check/run.sh $(BUILD)/dtbind

# The man pages render without warnings and carry every option; the
# completions offer what --help and --list-rules say; make install/uninstall.
install-tests: $(BUILD)/dtbind $(MAN_PAGES)
	$(Q)sh tests/install/man.sh $(BUILD)/dtbind $(BUILD)/man
	$(Q)sh tests/install/completion.sh $(BUILD)/dtbind
	$(Q)sh tests/install/install.sh $(BUILD)

# The sanitizer build, in build-asan/, with clang.
ASAN_MAKE = $(MAKE) --no-print-directory BUILD=build-asan CC=clang \
	CFLAGS="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
	LDFLAGS="-fsanitize=address,undefined"

asan:
	$(Q)sh scripts/install-deps.sh --clang
	$(Q)$(ASAN_MAKE) unit suite corpus-tests check-tests lint-tests cache-tests rules-tests kbuild-tests lsp-tests

# The sanitizers over the whole kernel corpus (the asan build of `make asan`).
asan-corpus:
	$(Q)sh scripts/install-deps.sh --clang
	$(Q)$(ASAN_MAKE) build-asan/dtbind
	$(Q)SHARED=$(SHARED) sh tests/conformance/asan-corpus.sh build-asan/dtbind

# Mutation fuzzing of the whole binary on kernel inputs with the sanitizer build (minutes; not in CI).
fuzz-mutate:
	$(Q)sh scripts/install-deps.sh --clang
	$(Q)sh scripts/install-deps.sh --reference
	$(Q)$(ASAN_MAKE) build-asan/dtbind
	$(Q)python3 tests/fuzz/mutate.py build-asan/dtbind "$$(sh $(SHARED)/corpus.sh 6.1 | tail -n 1)" \
		$(SHARED)/seeds --cases $${CASES:-500} --seed $${SEED:-1} \
		--dtbs "$$(sh tests/conformance/dtbs/build.sh "$$(sh $(SHARED)/corpus.sh 6.1 | tail -n 1)" \
			$(SHARED)/reference/6.1-dtbs-check-arm64-50 tests/conformance/dtbs/reference-extra-50 | tail -n 1)"

# Coverage-guided fuzzing (tests/fuzz/README.md): one libFuzzer harness per
# input kind, over the libraries built in build-fuzz/ with ASan+UBSan.
FUZZ_HARNESSES := yaml jsonschema dts fdt examples doc2yaml boards patch cache
FUZZ_BINS := $(patsubst %,$(BUILD)/fuzz/fuzz_%,$(FUZZ_HARNESSES))
FUZZ_S ?= 60
FUZZ_MAKE = $(MAKE) --no-print-directory BUILD=build-fuzz CC=clang \
	CFLAGS="-O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all \
		-fno-omit-frame-pointer -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION" \
	LDFLAGS="-fsanitize=address,undefined"

$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.c tests/fuzz/fuzz.h $(LINK_LIBS)
	$(call echo_cmd,CC,$<)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(ALL_CFLAGS) -Ilint -Iexampletest -Ivalidate -Idoc2yaml -Itests/fuzz \
		-DFUZZ_SRCDIR='"$(CURDIR)"' -fsanitize=fuzzer -o $@ $< tests/fuzz/fuzz.c \
		$(LINK_LIBS) $(LIBS)

# The small schema-cache seed of fuzz_cache (tests/fuzz/seeds.sh).
$(BUILD)/fuzz/cache_seed: tests/fuzz/cache_seed.c $(LINK_LIBS)
	$(call echo_cmd,CC,$<)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(ALL_CFLAGS) -o $@ $< $(LINK_LIBS) $(LIBS)

fuzz-harnesses: $(FUZZ_BINS) $(BUILD)/fuzz/cache_seed $(BUILD)/dtbind

fuzz-build:
	$(Q)sh scripts/install-deps.sh --clang --fuzz
	+$(Q)$(FUZZ_MAKE) fuzz-harnesses

# Each harness 30 s on its seeds, after its saved regression inputs (CI).
fuzz-smoke: fuzz-build
	$(Q)SHARED=$(SHARED) nice sh tests/fuzz/run.sh build-fuzz 30

# Each harness FUZZ_S seconds; what it finds is kept in build-fuzz/artifacts/.
fuzz: fuzz-build
	$(Q)SHARED=$(SHARED) nice sh tests/fuzz/run.sh build-fuzz $(FUZZ_S)

# YAML loading, exampletest (issue 4) and validate (issue 5) against the
# reference tools; each prints a table and keeps it in bench/out/.  A missing
# reference tool skips its side-by-side part; a failed benchmark fails the
# target after the others have run.
bench: deps $(BUILD)/dtbind
	$(Q)st=0; \
	SHARED=$(SHARED) sh bench/run.sh $(BUILD)/dtbind || st=1; \
	SHARED=$(SHARED) sh bench/lint.sh $(BUILD)/dtbind || st=1; \
	SHARED=$(SHARED) sh bench/examples.sh $(BUILD)/dtbind || st=1; \
	SHARED=$(SHARED) sh bench/validate.sh $(BUILD)/dtbind || st=1; \
	SHARED=$(SHARED) sh bench/doc2yaml.sh $(BUILD)/dtbind || st=1; \
	exit $$st

demo: deps $(BUILD)/dtbind
	$(Q)sh scripts/demo.sh $(BUILD)/dtbind

# The kernel-corpus runs need the reference pipeline's tools (dtc, gcc) too.
conformance: deps $(BUILD)/dtbind
	$(Q)sh scripts/install-deps.sh --reference
	@# A file left in a kernel tree is one more schema for every run below.
	$(Q)sh tests/conformance/pristine.sh
	$(Q)SHARED=$(SHARED) sh tests/conformance/run.sh $(BUILD)/dtbind
	$(Q)SHARED=$(SHARED) sh tests/dts/compare.sh
	$(Q)SHARED=$(SHARED) sh tests/cpp/compare.sh
	$(Q)SHARED=$(SHARED) sh tests/meta-schemas/run.sh $(BUILD)/dtbind
	$(Q)SHARED=$(SHARED) sh tests/yamllint/compare.sh
	$(Q)SHARED=$(SHARED) sh tests/conformance/verdicts.sh lint $(BUILD)/dtbind
	$(Q)SHARED=$(SHARED) sh tests/conformance/verdicts.sh examples $(BUILD)/dtbind
	$(Q)SHARED=$(SHARED) sh tests/conformance/verdicts.sh lint $(BUILD)/dtbind 6.12 \
		$(SHARED)/reference/modern-6.12 99.8
	$(Q)SHARED=$(SHARED) sh tests/conformance/verdicts.sh examples $(BUILD)/dtbind 6.12 \
		$(SHARED)/reference/modern-6.12 99.8
	$(Q)SHARED=$(SHARED) sh tests/conformance/example-mutations/run.sh $(BUILD)/dtbind
	$(Q)SHARED=$(SHARED) sh tests/conformance/dtbs/run.sh $(BUILD)/dtbind
	$(Q)SHARED=$(SHARED) sh tests/conformance/pre-commit.sh $(BUILD)/dtbind
	$(Q)sh tests/conformance/debian-package.sh
	$(Q)SHARED=$(SHARED) sh tests/conformance/modern-6.12/dtbs.sh $(BUILD)/dtbind
	$(Q)SHARED=$(SHARED) VERSION=6.12 sh tests/conformance/example-mutations/run.sh $(BUILD)/dtbind
	@# dtbs_check of 50 boards of kernel 7.2 (skipped where that tree is absent).
	$(Q)SHARED=$(SHARED) sh tests/conformance/newest-7.2/dtbs.sh $(BUILD)/dtbind
	@# The kernel's own targets; the whole dt_binding_check of both trees takes
	@# ~20 CPU-minutes more than CI has room for: KBUILD_SUBSET=0 runs it.
	$(Q)SHARED=$(SHARED) KBUILD_SUBSET=$(KBUILD_SUBSET) sh tests/conformance/kbuild/run.sh $(BUILD)/dtbind
	@# doc2yaml on every .txt of kernel 7.2, checked by dt-schema 2026.06 (when both are here).
	$(Q)SHARED=$(SHARED) sh tests/conformance/doc2yaml-7.2/run.sh $(BUILD)/dtbind

# The kbuild front-ends: links named as dt-schema's programs (kbuild/kbuild.c),
# in a directory of their own so that they never shadow a real dt-schema.
KBUILD_NAMES := dt-doc-validate dt-mk-schema dt-extract-example dt-validate \
	dt-check-compatible yamllint
$(BUILD)/kbuild/.links: $(BUILD)/dtbind
	$(Q)mkdir -p $(BUILD)/kbuild
	$(Q)for n in $(KBUILD_NAMES); do ln -sfn ../dtbind $(BUILD)/kbuild/$$n; done && touch $@

.PHONY: install-kbuild
install: install-kbuild
install-kbuild: $(BUILD)/dtbind
	install -d $(DESTDIR)$(PREFIX)/libexec/dtbind/kbuild
	for n in $(KBUILD_NAMES); do \
		ln -sfn ../../../bin/dtbind $(DESTDIR)$(PREFIX)/libexec/dtbind/kbuild/$$n; done

install: $(BUILD)/dtbind
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(BUILD)/dtbind $(DESTDIR)$(PREFIX)/bin/dtbind

# The man pages and the shell completions (kept apart from the binary's lines).
.PHONY: install-docs uninstall-docs
install: install-docs
install-docs: $(MAN_PAGES)
	install -d $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR)
	install -m 644 $(MAN_PAGES) $(DESTDIR)$(MANDIR)/man1/
	install -m 644 completion/dtbind.bash $(DESTDIR)$(BASHCOMPDIR)/dtbind
	install -m 644 completion/_dtbind $(DESTDIR)$(ZSHCOMPDIR)/_dtbind

uninstall-docs:
	rm -f $(patsubst $(BUILD)/man/%,$(DESTDIR)$(MANDIR)/man1/%,$(MAN_PAGES))
	rm -f $(DESTDIR)$(BASHCOMPDIR)/dtbind $(DESTDIR)$(ZSHCOMPDIR)/_dtbind

uninstall: uninstall-docs
	rm -f $(DESTDIR)$(PREFIX)/bin/dtbind

clean:
	rm -rf build build-asan build-fuzz

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
