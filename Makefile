# Installs focusflow for one user (or anywhere with PREFIX=DIR): the release binary, one static
# executable hardened as Debian hardens its programs (Package.swift), stripped, its man page and
# its bash, zsh and fish completions. The symbols and debug information stripped from it are kept
# in .build/install/focusflow.debug, which the binary names (gdb finds them there).
#
#   make install                  into ~/.local (bin/ on the PATH of most shells)
#   make install PREFIX=/usr/local
#   make uninstall PREFIX=…       removes exactly what install put there
#   make test                     runs the tests (the README's command; .ci/run runs it)

PREFIX ?= $(HOME)/.local
SWIFT ?= swift
SWIFT_FLAGS ?= -j 2
OBJCOPY ?= objcopy

bindir := $(DESTDIR)$(PREFIX)/bin
mandir := $(DESTDIR)$(PREFIX)/share/man
bashdir := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
zshdir := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
fishdir := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

built := .build/release/focusflow
made := .build/install

installed := $(bindir)/focusflow $(mandir)/man1/focusflow.1 $(mandir)/ko/man1/focusflow.1 \
	$(bashdir)/focusflow $(zshdir)/_focusflow $(fishdir)/focusflow.fish

.PHONY: all build install uninstall test test-flags

# The tests' build: the RE2 trait, as the installed focusflow has it (the engine's own matcher is in
# that build too, and the pattern tests run both), and the C of the debug build with DWARF 4, the
# version valgrind 3.19 (Debian 12) reads: one unit of clang's DWARF 5 and it gives up on the
# whole binary (the leak test). `.ci/docs` builds the symbol graphs with the same flags.
TEST_FLAGS := --traits RE2 -Xcc -gdwarf-4 -Xcxx -gdwarf-4

all: build

# The installed build's flags, on the command line so that no target a library product reaches
# carries an unsafe flag (Package.swift): flow patterns matched by RE2; the package's C and C++
# with a canary in every function with an array or an address taken and glibc's checked string
# and I/O calls where a buffer's size is known; and the Swift front end reaching the metadata of a
# generic type through its accessor rather than by its mangled name, each function in a section of
# its own for the link order (Sources/focusflow/LinkOrder, docs/performance.md).
hardening := -Xcc -fstack-protector-strong -Xcc -D_FORTIFY_SOURCE=2 -Xcxx -fstack-protector-strong -Xcxx -D_FORTIFY_SOURCE=2
start := -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors -Xswiftc -Xfrontend -Xswiftc -function-sections
RELEASE_FLAGS := -c release --traits RE2 --static-swift-stdlib --disable-local-rpath $(hardening) $(start)

build:
	FOCUSFLOW_STATIC_EXECUTABLE=1 $(SWIFT) build $(RELEASE_FLAGS) --product focusflow $(SWIFT_FLAGS)
	mkdir -p $(made)
	$(OBJCOPY) --only-keep-debug $(built) $(made)/focusflow.debug
	$(OBJCOPY) --strip-all --add-gnu-debuglink=$(made)/focusflow.debug $(built) $(made)/focusflow
	$(built) manual --lang en > $(made)/focusflow.1
	$(built) manual --lang ko > $(made)/focusflow.ko.1
	$(built) completions bash > $(made)/focusflow.bash
	$(built) completions zsh > $(made)/_focusflow
	$(built) completions fish > $(made)/focusflow.fish

install: build
	install -d $(bindir) $(mandir)/man1 $(mandir)/ko/man1 $(bashdir) $(zshdir) $(fishdir)
	install -m 0755 $(made)/focusflow $(bindir)/focusflow
	install -m 0644 $(made)/focusflow.1 $(mandir)/man1/focusflow.1
	install -m 0644 $(made)/focusflow.ko.1 $(mandir)/ko/man1/focusflow.1
	install -m 0644 $(made)/focusflow.bash $(bashdir)/focusflow
	install -m 0644 $(made)/_focusflow $(zshdir)/_focusflow
	install -m 0644 $(made)/focusflow.fish $(fishdir)/focusflow.fish
	@echo "installed focusflow in $(bindir); its man page and completions under $(DESTDIR)$(PREFIX)/share"

uninstall:
	rm -f $(installed)

# The tests, with every pattern answered by RE2 and by the engine's own matcher, the only one of a
# build without the trait, and any value they answer differently stopping the test (the trait's
# debug build reads FOCUSFLOW_TEST_MATCHER; the host fixture, .ci/host, builds the engine without
# the trait).
test:
	FOCUSFLOW_TEST_MATCHER=both $(SWIFT) test $(TEST_FLAGS) $(SWIFT_FLAGS)

test-flags:
	@echo $(TEST_FLAGS)
