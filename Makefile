# demc — one make: build, test, check, demo, bench, docs, install, check-abi.
# Modules, tests and benchmarks are found by name: src/*.c, test/test_*.c, bench/bench_*.c.
#
# Knobs (README "Building"): CC; CFLAGS, CPPFLAGS, LDFLAGS (appended to the project's own flags, so they win); OPT (the
# default optimisation, -O2 -g; the library itself adds LIB_OPT, -O3; both add DEBUG_OPT); WERROR (empty; `make check`
# and CI set -Werror); PREFIX, LIBDIR, INCLUDEDIR, PKGCONFIGDIR, CMAKEDIR, DOCDIR, PYTHONDIR, DESTDIR (install); FC,
# PYTHON, CLANG (the faces' tests and `make faces`); LDCONFIG (the command `make install` runs as root after installing
# into a directory of the dynamic linker; LDCONFIG=: never runs it); V=1 shows the commands (quiet by default: one line
# per file built); JOBS (parallel jobs of the test build, default the number of cores).

PREFIX     ?= /usr/local
LIBDIR     ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
CMAKEDIR   ?= $(LIBDIR)/cmake/demc
DOCDIR     ?= $(PREFIX)/share/doc/demc
# The Python package demc goes to PYTHONDIR/demc. Default: the package directory under PREFIX that PYTHON searches
# (Debian's python3 and PREFIX=/usr/local: /usr/local/lib/python3.X/dist-packages; a venv's prefix: its
# site-packages), else PREFIX/lib/python3.X/site-packages, which then needs PYTHONPATH (tools/python_dir.py; `make
# install` says so). Computed once, and only when used; without a python, $(PREFIX)/share/demc/python.
PYTHONDIR  ?= $(eval PYTHONDIR := $$(shell $$(PYTHON) tools/python_dir.py '$$(PREFIX)' 2>/dev/null || \
                  echo '$$(PREFIX)/share/demc/python'))$(PYTHONDIR)
FC       ?= gfortran
PYTHON   ?= python3
CLANG    ?= clang
DESTDIR    ?=
LDCONFIG   ?= ldconfig

CC      ?= cc
OPT     ?= -O2 -g
# The library's own units are optimised further: the contact evaluation's loops and inlined bodies gain about a
# third of their time at -O3 over -O2 (make bench); tests and tools keep OPT.
LIB_OPT ?= -O3
# The analysis set (include/demc/analysis/: sliding, special, collision, geometry), the time-step estimators and
# the materials' setup run outside the force loop, once per pair of species or per study: optimised for size
# (-Os: 111 KB of text at -O3, 38 KB; the same results, bit for bit). LIB_OPT given on the command line
# still wins.
LIB_COLD = sliding special collision geometry timestep material
# The single laws' units with the most text at -O3 are built with -O2: the contact evaluation holds its own inlined
# copies of their bodies, and their exported twins, called one by one, are no slower there (demc_tangential_update:
# +0.7 % instructions, demc_tangential_transport: the same) for 32 KB less text.
LIB_O2 = tangential normal_plastic adhesion
WERROR  ?=
CFLAGS  ?=
CPPFLAGS ?=
LDFLAGS ?=
WARN     = -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wcast-qual \
           -Wwrite-strings -Wundef -Wpointer-arith -Wvla
# -fno-math-errno: sqrt compiles to one instruction and the library never touches errno (DESIGN §3).
# -ffp-contract=off: no a*b+c fused into one rounding (gcc's default in ISO C mode, not clang's): the batch in
# SIMD lanes (include/demc/impl/contact_lanes_impl.h, at every width) gives the scalar body's results bit for bit
# only if neither fuses. Keep it when adding CFLAGS (a -ffp-contract=fast there, with an FMA target, would break that equality).
# gcc's tracking of variables' values through assignments (-fvar-tracking-assignments, on with -g at -O1 and above)
# took 40 % of the library's build (contact.c: 16.6 s of CPU, 10.9 s without) and a third of a header-only test's
# (test_contact_batch: 27.5 s, 18.6 s without), for the locations of locals in bodies inlined tens of times, most of
# which a debugger shows as optimised out anyway; without it the debug information keeps every type, function,
# inlined frame and line (backtraces, perf, gdb's breakpoints) and coarser locations of locals. The same machine
# code, bit for bit. Given only to a compiler that takes it (clang does not); DEBUG_OPT= restores the default.
DEBUG_OPT ?= $(eval DEBUG_OPT := $$(shell $$(CC) -fno-var-tracking-assignments -Werror -E -x c /dev/null \
                 >/dev/null 2>&1 && echo -fno-var-tracking-assignments))$(DEBUG_OPT)
LIB_CFLAGS = -std=c99 $(OPT) $(LIB_OPT) $(DEBUG_OPT) $(WARN) $(WERROR) -fPIC -fvisibility=hidden -fno-semantic-interposition \
             -fno-math-errno -ffp-contract=off -Iinclude -DDEMC_BUILDING_LIBRARY $(CPPFLAGS) $(CFLAGS)
TEST_CFLAGS = -std=c99 $(OPT) $(DEBUG_OPT) $(WARN) $(WERROR) -fno-math-errno -Iinclude -Itest $(CPPFLAGS) $(CFLAGS)

VERSION := $(shell sed -n 's/^\#define DEMC_VERSION_STRING "\(.*\)"/\1/p' include/demc/base.h)
MAJOR   := $(firstword $(subst ., ,$(VERSION)))
SONAME   = libdemc.so.$(MAJOR)
SHLIB    = lib/libdemc.so.$(VERSION)
STLIB    = lib/libdemc.a
MAPFILE  = lib/libdemc.map
ABI_BASELINE = lib/libdemc.abi.xml
ABI_SUPPRESSIONS = lib/libdemc.abignore
ABI_CONSTANTS = lib/libdemc.constants

# One build directory per configuration: objects, tests and programs go to build/cfg-N/, N a checksum of the
# compiler and every flag. Switching configurations (`make test`, then `make check`, which adds -Werror, then
# `make install`, or CC=clang) keeps each one's objects, so going back recompiles nothing; lib/ is relinked from the
# configuration at hand (LIB_CONFIG records which one it holds), and programs linked to lib/libdemc.so are not
# rebuilt for that (they load it at run time). `make check` thus never passes on objects built without -Werror.
CONFIG_LINE = $(CC) | $(LIB_CFLAGS) | $(TEST_CFLAGS) | $(LDFLAGS) | -Os: $(LIB_COLD) | -O2: $(LIB_O2)
CONFIG  := $(shell printf '%s' '$(subst ','"'"',$(CONFIG_LINE))' | cksum | cut -d' ' -f1)
B        = build/cfg-$(CONFIG)
LIB_CONFIG = build/lib-config

V ?= 0
ifeq ($(V),1)
Q :=
say = @:
else
Q := @
say = @printf '  %-7s %s\n'
endif
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
# -jJOBS for the builds of `make test` and `make check`, unless make was already given -j (then its job server).
JOBS_FLAG = $(if $(filter -j%,$(MAKEFLAGS)),,-j$(JOBS))

SRCS     := $(wildcard src/*.c)
OBJS     := $(SRCS:src/%.c=$(B)/obj/%.o)
HEADERS  := include/demc.h $(wildcard include/demc/*.h include/demc/analysis/*.h include/demc/impl/*.h)
TESTS    := $(basename $(notdir $(wildcard test/test_*.c)))
TEST_SUPPORT := $(wildcard test/support/*.c)
TEST_DEPS := $(wildcard test/*.h test/support/*.h) $(TEST_SUPPORT)
BENCHES  := $(basename $(notdir $(wildcard bench/bench_*.c)))
# The example programs of the documentation other than the demo: each is built on both faces and must exit 0.
EXAMPLES := $(filter-out demo,$(basename $(notdir $(wildcard docs/examples/*.c))))
BUILD_FLAGS := $(CC) $(OPT) $(LIB_OPT) -fvisibility=hidden -fno-semantic-interposition -fno-math-errno $(CPPFLAGS) $(CFLAGS)

.PHONY: all test check deps unit-tests sanitize-tests fuzz-build fuzz demo examples bench docs figures check-abi \
        abi-baseline install install-docs uninstall clean faces FORCE liggghts-demc liggghts-demc-header check-liggghts \
        lammps-demc check-lammps \
        print-build-dir
.DELETE_ON_ERROR:

all: $(STLIB) $(SHLIB) lib/$(SONAME) lib/libdemc.so

# Changes only when lib/ is to hold another configuration's objects: the libraries are relinked, nothing recompiled.
$(LIB_CONFIG): FORCE
	@mkdir -p build
	@echo '$(CONFIG): $(subst ','"'"',$(CONFIG_LINE))' >$@.new
	@if cmp -s $@.new $@; then rm -f $@.new; else mv $@.new $@; fi

print-build-dir:
	@echo $(B)

# The batch's SIMD lanes at widths 4 and 8 (src/contact_lanes_w4.c, _w8.c: the one text of
# include/demc/impl/contact_lanes_impl.h) are built for AVX2 and AVX-512F on x86; the library calls them only on a
# CPU that has them (asked once per batch call). Built without those flags, they give the baseline lanes.
ifneq ($(filter x86_64% i386% i486% i586% i686%,$(shell $(CC) -dumpmachine 2>/dev/null)),)
$(B)/obj/contact_lanes_w4.o: LIB_ARCH = -mavx2
$(B)/obj/contact_lanes_w8.o: LIB_ARCH = -mavx512f
endif

$(LIB_COLD:%=$(B)/obj/%.o): LIB_OPT = -Os
$(LIB_O2:%=$(B)/obj/%.o): LIB_OPT = -O2

$(B)/obj/%.o: src/%.c $(HEADERS) | $(B)/obj
	$(say) CC $@
	$(Q)$(CC) $(LIB_CFLAGS) $(LIB_ARCH) -DDEMC_BUILD_FLAGS='"$(BUILD_FLAGS)"' -c $< -o $@

$(STLIB): $(OBJS) $(LIB_CONFIG)
	$(say) AR $@
	$(Q)rm -f $@ && ar rcs $@ $(OBJS)

$(SHLIB): $(OBJS) $(MAPFILE) $(LIB_CONFIG)
	$(say) LD $@
	$(Q)$(CC) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=$(MAPFILE) -Wl,--no-undefined $(LDFLAGS) -o $@ $(OBJS) -lm

lib/$(SONAME): $(SHLIB)
	$(Q)ln -sf $(notdir $<) $@
lib/libdemc.so: lib/$(SONAME)
	$(Q)ln -sf $(SONAME) $@

$(B)/obj $(B)/test/linked $(B)/test/header build/bench:
	$(Q)mkdir -p $@

# The same test source is built twice: against the shared library (linked face) and header-only. A linked program
# is not rebuilt when only the library was relinked (order-only): it loads lib/libdemc.so at run time. The tests'
# support units (test/support/*.c) are compiled once per face and linked into each of its tests (compiled into each
# test, header-only, they took 7 s of CPU a test: the assembled models of library_laws.c).
SUPPORT_LINKED := $(TEST_SUPPORT:test/support/%.c=$(B)/test/support-linked/%.o)
SUPPORT_HEADER := $(TEST_SUPPORT:test/support/%.c=$(B)/test/support-header/%.o)
$(B)/test/support-linked/%.o: test/support/%.c $(TEST_DEPS) $(HEADERS)
	@mkdir -p $(@D)
	$(say) CC $@
	$(Q)$(CC) $(TEST_CFLAGS) -c $< -o $@
$(B)/test/support-header/%.o: test/support/%.c $(TEST_DEPS) $(HEADERS)
	@mkdir -p $(@D)
	$(say) CC $@
	$(Q)$(CC) $(TEST_CFLAGS) -DDEMC_HEADER_ONLY -c $< -o $@
$(B)/test/linked/%: test/%.c $(SUPPORT_LINKED) $(TEST_DEPS) $(HEADERS) | $(SHLIB) lib/$(SONAME) lib/libdemc.so $(B)/test/linked
	$(say) CC $@
	$(Q)$(CC) $(TEST_CFLAGS) -DDEMC_TEST_FACE='"linked"' $< $(SUPPORT_LINKED) $(LDFLAGS) -Llib -ldemc -Wl,-rpath,$(CURDIR)/lib -lm -o $@
$(B)/test/header/%: test/%.c $(SUPPORT_HEADER) $(TEST_DEPS) $(HEADERS) | $(B)/test/header
	$(say) CC $@
	$(Q)$(CC) $(TEST_CFLAGS) -DDEMC_HEADER_ONLY -DDEMC_TEST_FACE='"header-only"' $< $(SUPPORT_HEADER) $(LDFLAGS) -lm -o $@

unit-tests: $(TESTS:%=$(B)/test/linked/%) $(TESTS:%=$(B)/test/header/%)

# The unit tests once more under ASan+UBSan (header-only face: the bodies are compiled into each test binary, so
# the sanitizers see the library's code), with clang where it is installed (libclang-rt-dev), else the compiler of
# the check (gcc: libasan and libubsan): the gcc-built unit tests and the clang-built sanitized ones together run
# every test through both compilers the README promises, without building everything twice.
SAN_CC    ?= $(shell command -v clang >/dev/null 2>&1 && echo clang || echo $(CC))
# DEMCI_UNFORCED_INLINE (private): inlining left to the compiler, the same results; the forced inlining of the
# contact evaluation into every dispatch case costs the instrumented builds ten to fifty times the CPU.
SAN_FLAGS  = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all -DDEMCI_UNFORCED_INLINE
build/test/sanitize:
	mkdir -p $@
SUPPORT_SANITIZE := $(TEST_SUPPORT:test/support/%.c=build/test/sanitize-support/%.o)
build/test/sanitize-support/%.o: test/support/%.c $(TEST_DEPS) $(HEADERS)
	@mkdir -p $(@D)
	$(say) CC $@
	$(Q)$(SAN_CC) -std=c99 $(SAN_FLAGS) $(WARN) $(WERROR) -fno-math-errno -Iinclude -Itest -DDEMC_HEADER_ONLY -c $< -o $@
build/test/sanitize/%: test/%.c $(SUPPORT_SANITIZE) $(TEST_DEPS) $(HEADERS) | build/test/sanitize
	$(say) CC $@
	$(Q)$(SAN_CC) -std=c99 $(SAN_FLAGS) $(WARN) $(WERROR) -fno-math-errno -Iinclude -Itest -DDEMC_HEADER_ONLY \
	    -DDEMC_TEST_FACE='"asan+ubsan"' $< $(SUPPORT_SANITIZE) -lm -o $@
sanitize-tests: $(TESTS:%=build/test/sanitize/%)

# libFuzzer harnesses, one per module (fuzz/fuzz_<module>.c, header-only face, ASan+UBSan), seeded from
# fuzz/seeds/<module>/ (tools/fuzz_seeds.py). `make fuzz` runs each for FUZZ_SECONDS; `make check` runs each for
# FUZZ_CHECK_SECONDS when clang's fuzzer runtime is present. A crash input lands in build/fuzz/.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_CHECK_SECONDS ?= 3
# The harnesses that hold batches against single calls run once more with the batch's lanes at the wider widths
# (fuzz_<module>_w4: AVX2, _w8: AVX-512F; the default build has SSE2's two): the lanes are one text that must give
# the single call's results bit for bit at every width (test/fuzz_run.sh skips a width the CPU lacks).
FUZZ_WIDE := fuzz_contact fuzz_heat
FUZZERS := $(basename $(notdir $(wildcard fuzz/fuzz_*.c))) $(FUZZ_WIDE:%=%_w4) $(FUZZ_WIDE:%=%_w8)
FUZZ_FLAGS = -std=c99 -O1 -g $(WARN) $(WERROR) -fno-math-errno -ffp-contract=off -Iinclude -DDEMC_HEADER_ONLY \
             -DDEMC_FUZZ_MAIN -DDEMCI_UNFORCED_INLINE -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
build/fuzz:
	mkdir -p $@
build/fuzz/%: fuzz/%.c fuzz/fuzz.h $(HEADERS) | build/fuzz
	$(say) CC $@
	$(Q)$(FUZZ_CC) $(FUZZ_FLAGS) $< -lm -o $@
build/fuzz/%_w4: fuzz/%.c fuzz/fuzz.h $(HEADERS) | build/fuzz
	$(say) CC $@
	$(Q)$(FUZZ_CC) $(FUZZ_FLAGS) -mavx2 -DDEMCI_WIDE_WIDTH=4 $< -lm -o $@
build/fuzz/%_w8: fuzz/%.c fuzz/fuzz.h $(HEADERS) | build/fuzz
	$(say) CC $@
	$(Q)$(FUZZ_CC) $(FUZZ_FLAGS) -mavx512f -DDEMCI_WIDE_WIDTH=8 $< -lm -o $@
fuzz-build: $(FUZZERS:%=build/fuzz/%)
fuzz: fuzz-build
	@sh test/fuzz_run.sh $(FUZZ_SECONDS) $(FUZZERS)

# make test: the unit tests on both faces, nothing else (needs only a C compiler); last line "tests: N passed, N failed".
# Built with JOBS parallel jobs.
test:
	@$(MAKE) --no-print-directory $(JOBS_FLAG) unit-tests
	@TEST_DIR=$(B)/test sh test/run_checks.sh --unit-only $(TESTS)

# make deps: install (as root, with apt-get) or name the tools `make check` needs; tools/setup_deps.sh has the list.
deps:
	@sh tools/setup_deps.sh

# make check: the tools first (all missing ones named at once; installed when root on Debian, else the command to
# run is printed and nothing is tested), then everything built with -Werror, then the gates in order, stopping at
# the first that fails: unit tests, unit tests under ASan+UBSan, fuzzing, consumers, ABI, docs. The last line is always "tests: N passed, N failed".
check: export WERROR = -Werror
check:
	@sh tools/setup_deps.sh || { echo "tests: 0 passed, 1 failed"; exit 1; }
	@$(MAKE) --no-print-directory $(JOBS_FLAG) all unit-tests || { echo "build with -Werror failed"; echo "tests: 0 passed, 1 failed"; exit 1; }
	@$(MAKE) --no-print-directory -s $(JOBS_FLAG) sanitize-tests || { echo "build under ASan+UBSan failed"; echo "tests: 0 passed, 1 failed"; exit 1; }
	@TEST_DIR=$$($(MAKE) --no-print-directory -s print-build-dir)/test \
	    CC="$(CC)" MAKE="$(MAKE)" FC="$(FC)" PYTHON="$(PYTHON)" CLANG="$(CLANG)" FUZZ_CC="$(FUZZ_CC)" \
	    FUZZ_CHECK_SECONDS="$(FUZZ_CHECK_SECONDS)" FUZZERS="$(FUZZERS)" sh test/run_checks.sh $(TESTS)

# make faces: regenerate the Fortran module, its layout printer and the Python declarations from the headers (after
# any change of a public struct, enumeration, macro or export; `make check` fails until they are regenerated).
faces:
	$(PYTHON) tools/gen_faces.py --clang $(CLANG)

# make demo: the library and the demonstration program built with JOBS parallel jobs, as `make test` builds (the
# contact unit takes two thirds of the library's CPU: the other units build beside it), then the program run.
demo:
	@$(MAKE) --no-print-directory $(JOBS_FLAG) all $(B)/demo
	@./$(B)/demo
$(B)/demo: docs/examples/demo.c $(HEADERS) | $(SHLIB) lib/$(SONAME) lib/libdemc.so
	@mkdir -p $(B)
	$(say) CC $@
	$(Q)$(CC) $(TEST_CFLAGS) $< $(LDFLAGS) -Llib -ldemc -Wl,-rpath,$(CURDIR)/lib -lm -o $@

# make examples: the documentation's example programs (docs/examples), linked and header-only, run; each checks itself.
$(B)/examples/linked_%: docs/examples/%.c $(HEADERS) | $(SHLIB) lib/$(SONAME) lib/libdemc.so
	@mkdir -p $(B)/examples
	$(say) CC $@
	$(Q)$(CC) $(TEST_CFLAGS) $< $(LDFLAGS) -Llib -ldemc -Wl,-rpath,$(CURDIR)/lib -lm -o $@
$(B)/examples/header_%: docs/examples/%.c $(HEADERS)
	@mkdir -p $(B)/examples
	$(say) CC $@
	$(Q)$(CC) $(TEST_CFLAGS) -DDEMC_HEADER_ONLY $< $(LDFLAGS) -lm -o $@
examples: $(EXAMPLES:%=$(B)/examples/linked_%) $(EXAMPLES:%=$(B)/examples/header_%)
	@for e in $(EXAMPLES); do ./$(B)/examples/linked_$$e || exit 1; ./$(B)/examples/header_$$e || exit 1; done

build/bench/linked_%: bench/%.c $(wildcard bench/*.h) all | build/bench
	$(CC) $(TEST_CFLAGS) -D_POSIX_C_SOURCE=200809L -Ibench -O3 -DDEMC_BENCH_FACE='"linked"' $< $(LDFLAGS) -Llib -ldemc -Wl,-rpath,$(CURDIR)/lib -lm -o $@
build/bench/header_%: bench/%.c $(wildcard bench/*.h) $(HEADERS) | build/bench
	$(CC) $(TEST_CFLAGS) -D_POSIX_C_SOURCE=200809L -Ibench -O3 -DDEMC_HEADER_ONLY -DDEMC_BENCH_FACE='"header-only"' $< $(LDFLAGS) -lm -o $@
bench: $(BENCHES:%=build/bench/linked_%) $(BENCHES:%=build/bench/header_%)
	@for b in $(BENCHES); do ./build/bench/linked_$$b || exit 1; ./build/bench/header_$$b || exit 1; done

# demc inside LIGGGHTS (docs/examples/liggghts, page "Embedding demc in a DEM engine"): a host program and pair style
# built with MPICXX against Debian's libliggghts (packages liggghts, libliggghts-dev, libopenmpi-dev, openmpi-bin) and
# libdemc (liggghts-demc) or with demc header-only (liggghts-demc-header). check-liggghts runs the five checks.
MPICXX   ?= mpicxx
LIGGGHTS_INCLUDE ?= /usr/include/liggghts
LIGGGHTS_CXXFLAGS = -std=c++11 $(OPT) -Wall -Wextra $(WERROR) -DOMPI_SKIP_MPICXX -Iinclude -isystem $(LIGGGHTS_INCLUDE) \
                    $(CPPFLAGS) $(CXXFLAGS)
LIGGGHTS_SRC = docs/examples/liggghts/liggghts_demc.cpp
# The programs are built in the configuration's directory; build/liggghts links to the last one built (the docs'
# command lines name build/liggghts/liggghts-demc).
liggghts-demc: $(B)/liggghts/liggghts-demc
	@rm -rf build/liggghts && ln -s cfg-$(CONFIG)/liggghts build/liggghts
liggghts-demc-header: $(B)/liggghts/liggghts-demc-header
	@rm -rf build/liggghts && ln -s cfg-$(CONFIG)/liggghts build/liggghts
$(B)/liggghts/liggghts-demc: $(LIGGGHTS_SRC) $(HEADERS) | $(SHLIB) lib/$(SONAME) lib/libdemc.so
	@mkdir -p $(B)/liggghts
	$(say) CXX $@
	$(Q)$(MPICXX) $(LIGGGHTS_CXXFLAGS) $< $(LDFLAGS) -lliggghts -Llib -ldemc -Wl,-rpath,$(CURDIR)/lib -o $@
$(B)/liggghts/liggghts-demc-header: $(LIGGGHTS_SRC) $(HEADERS)
	@mkdir -p $(B)/liggghts
	$(say) CXX $@
	$(Q)$(MPICXX) $(LIGGGHTS_CXXFLAGS) -DDEMC_HEADER_ONLY $< $(LDFLAGS) -lliggghts -o $@
check-liggghts: liggghts-demc liggghts-demc-header
	@sh test/check_liggghts.sh $(B)/liggghts

# demc inside LAMMPS (docs/examples/lammps, page "Using demc in LAMMPS"): the pair style gran/demc built with MPICXX
# against Debian's LAMMPS (packages lammps, liblammps-dev, libfmt-dev, libopenmpi-dev, openmpi-bin), as
#   libdemc_lammps.so      the object the loader (load_demc.lmp, LAMMPS's python command) opens in /usr/bin/lmp;
#   lammps-demc            a host program on liblammps with the same pair style registered (linked to libdemc);
#   lammps-demc-header     the host program with demc header-only.
# check-lammps compares them with LAMMPS's native pair_style granular on 1 and 2 ranks (test/check_lammps.sh).
LAMMPS_INCLUDE ?= /usr/include/lammps
LAMMPS_CXXFLAGS = -std=c++11 $(OPT) -Wall -Wextra $(WERROR) -DOMPI_SKIP_MPICXX -Iinclude -isystem $(LAMMPS_INCLUDE) \
                  $(CPPFLAGS) $(CXXFLAGS)
LAMMPS_SRC = docs/examples/lammps/lammps_demc.cpp
LAMMPS_BINS = $(B)/lammps/libdemc_lammps.so $(B)/lammps/lammps-demc $(B)/lammps/lammps-demc-header
lammps-demc: $(LAMMPS_BINS)
	@rm -rf build/lammps && ln -s cfg-$(CONFIG)/lammps build/lammps
$(B)/lammps/libdemc_lammps.so: $(LAMMPS_SRC) $(HEADERS) | $(SHLIB) lib/$(SONAME) lib/libdemc.so
	@mkdir -p $(B)/lammps
	$(say) CXX $@
	$(Q)$(MPICXX) $(LAMMPS_CXXFLAGS) -fPIC -shared $< $(LDFLAGS) -Wl,--no-undefined -llammps -Llib -ldemc \
	    -Wl,-rpath,$(CURDIR)/lib -o $@
$(B)/lammps/lammps-demc: $(LAMMPS_SRC) $(HEADERS) | $(SHLIB) lib/$(SONAME) lib/libdemc.so
	@mkdir -p $(B)/lammps
	$(say) CXX $@
	$(Q)$(MPICXX) $(LAMMPS_CXXFLAGS) -DDEMC_LAMMPS_HOST $< $(LDFLAGS) -llammps -Llib -ldemc -Wl,-rpath,$(CURDIR)/lib -o $@
$(B)/lammps/lammps-demc-header: $(LAMMPS_SRC) $(HEADERS)
	@mkdir -p $(B)/lammps
	$(say) CXX $@
	$(Q)$(MPICXX) $(LAMMPS_CXXFLAGS) -DDEMC_LAMMPS_HOST -DDEMC_HEADER_ONLY $< $(LDFLAGS) -llammps -o $@
check-lammps: lammps-demc
	@sh test/check_lammps.sh $(B)/lammps

# Figures: every tools/*_figures.sh writes its PNGs and the CSVs behind them into docs/figures (deterministic,
# committed, so the docs in the repository show them too).
figures: all
	@for s in tools/*_figures.sh; do [ -f "$$s" ] || continue; CC="$(CC)" WERROR="$(WERROR)" sh "$$s" >/dev/null || exit 1; done

docs: figures
	@sh docs/build_docs.sh

# ABI gate (DESIGN §5): abidiff against the committed baseline must exit 0, the exports equal the version script,
# and the public constants (enumerators, numeric macros) equal the committed list lib/libdemc.constants.
check-abi: all
	@CC="$(CC)" sh test/check_abi.sh $(SHLIB) $(ABI_BASELINE) $(MAPFILE) $(SONAME) $(ABI_CONSTANTS) $(ABI_SUPPRESSIONS)

# The baseline is 1.0.0's and is never regenerated within major version 1 (FORCE=1 for a new major version).
# No source locations or build directory in the XML: baselines made in other checkouts or after edits that move
# lines compare equal, so the file changes only when the ABI does.
abi-baseline: all
	@if [ -f $(ABI_BASELINE) ] && [ "$(FORCE)" != 1 ]; then \
	    echo "abi-baseline: $(ABI_BASELINE) is the frozen baseline of 1.0.0; only a new major version replaces it (FORCE=1)"; \
	    exit 1; fi
	abidw --no-corpus-path --no-show-locs --no-comp-dir-path --out-file $(ABI_BASELINE) $(SHLIB)
	CC="$(CC)" sh test/public_constants.sh include >$(ABI_CONSTANTS)

# demc.pc and the CMake package are written for this install's PREFIX, LIBDIR and INCLUDEDIR at install time (never
# a file left from an earlier install to another prefix); relative to their own location where the layout allows.
install: all
	install -d $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR)/demc/impl $(DESTDIR)$(INCLUDEDIR)/demc/analysis $(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(CMAKEDIR)
	install -m 644 include/demc.h $(DESTDIR)$(INCLUDEDIR)/
	install -m 644 $(wildcard include/demc/*.h) $(DESTDIR)$(INCLUDEDIR)/demc/
	install -m 644 $(wildcard include/demc/impl/*.h) $(DESTDIR)$(INCLUDEDIR)/demc/impl/
	install -m 644 $(wildcard include/demc/analysis/*.h) $(DESTDIR)$(INCLUDEDIR)/demc/analysis/
	install -m 644 $(STLIB) $(DESTDIR)$(LIBDIR)/
	install -m 755 $(SHLIB) $(DESTDIR)$(LIBDIR)/
	ln -sf libdemc.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libdemc.so
	sh pkgconfig/demc_pc.sh '$(PREFIX)' '$(LIBDIR)' '$(INCLUDEDIR)' '$(PKGCONFIGDIR)' '$(VERSION)' \
	    >$(DESTDIR)$(PKGCONFIGDIR)/demc.pc.new && mv $(DESTDIR)$(PKGCONFIGDIR)/demc.pc.new $(DESTDIR)$(PKGCONFIGDIR)/demc.pc
	CC='$(CC)' sh cmake/demc_cmake.sh '$(PREFIX)' '$(LIBDIR)' '$(INCLUDEDIR)' '$(CMAKEDIR)' '$(VERSION)' '$(SONAME)' \
	    '$(DESTDIR)$(CMAKEDIR)'
	install -m 644 fortran/demc.f90 $(DESTDIR)$(INCLUDEDIR)/
	install -d $(DESTDIR)$(PYTHONDIR)/demc
	install -m 644 python/demc/_api.py $(DESTDIR)$(PYTHONDIR)/demc/
	sed -e "s|^_INSTALLED_LIBDIR = None|_INSTALLED_LIBDIR = '$(LIBDIR)'|" \
	    -e "s|^_INSTALLED_LIBDIR_RELATIVE = None|_INSTALLED_LIBDIR_RELATIVE = '$$(realpath -m --relative-to='$(PYTHONDIR)/demc' '$(LIBDIR)')'|" \
	    python/demc/__init__.py >$(DESTDIR)$(PYTHONDIR)/demc/__init__.py && chmod 644 $(DESTDIR)$(PYTHONDIR)/demc/__init__.py
	@LDCONFIG='$(LDCONFIG)' sh tools/install_ldconfig.sh '$(DESTDIR)' '$(LIBDIR)'
	@[ -n '$(DESTDIR)' ] || $(PYTHON) tools/python_dir.py --note '$(PYTHONDIR)' 2>/dev/null || true

# The HTML documentation (with the MathJax it renders formulas with, so it reads offline) and the example programs.
install-docs: docs
	install -d $(DESTDIR)$(DOCDIR)/examples
	rm -rf $(DESTDIR)$(DOCDIR)/html
	cp -R build/docs/html $(DESTDIR)$(DOCDIR)/html
	chmod -R u+rwX,go+rX,go-w $(DESTDIR)$(DOCDIR)/html
	install -m 644 $(wildcard docs/examples/*.c docs/examples/*.py) $(DESTDIR)$(DOCDIR)/examples/
	install -d $(DESTDIR)$(DOCDIR)/examples/liggghts
	install -m 644 $(wildcard docs/examples/liggghts/*) $(DESTDIR)$(DOCDIR)/examples/liggghts/
	install -d $(DESTDIR)$(DOCDIR)/examples/lammps
	install -m 644 $(wildcard docs/examples/lammps/*) $(DESTDIR)$(DOCDIR)/examples/lammps/

uninstall:
	rm -rf $(DESTDIR)$(DOCDIR)
	rm -f $(DESTDIR)$(LIBDIR)/libdemc.a $(DESTDIR)$(LIBDIR)/libdemc.so.$(VERSION) \
	      $(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/libdemc.so $(DESTDIR)$(PKGCONFIGDIR)/demc.pc \
	      $(DESTDIR)$(CMAKEDIR)/demc-config.cmake $(DESTDIR)$(CMAKEDIR)/demc-config-version.cmake \
	      $(DESTDIR)$(INCLUDEDIR)/demc.h $(DESTDIR)$(INCLUDEDIR)/demc.f90
	rm -rf $(DESTDIR)$(INCLUDEDIR)/demc $(DESTDIR)$(PYTHONDIR)/demc
	rmdir $(DESTDIR)$(PREFIX)/share/demc/python $(DESTDIR)$(PREFIX)/share/demc 2>/dev/null || true
	rmdir $(DESTDIR)$(CMAKEDIR) 2>/dev/null || true

clean:
	rm -rf build lib/libdemc.a lib/libdemc.so*
