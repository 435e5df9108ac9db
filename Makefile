# dungraph: make run (generate a level), make test (what CI runs).
export GOTOOLCHAIN := local
GO ?= go
PKGS := ./...
OUT ?= out

.PHONY: run test test-race test-quality test-maps test-cross bench lint install fuzz build fmt-check docs-image

build:
	$(GO) build $(PKGS)

# Build ./dungraph and generate a level from the embedded default ruleset:
# $(OUT)/level.png and $(OUT)/level.json.
run: build
	$(GO) build -o dungraph ./cmd/dungraph
	./dungraph generate --out $(OUT)
	@echo "dungraph is built as ./dungraph: run ./dungraph --help, or make install to put it on your PATH"

# The packages whose code or tests start goroutines (go statements,
# t.Parallel, sync and sync/atomic: grep -lE 'go func|t\.Parallel|sync\.'),
# tested again under the race detector by make test-race. That run is -short: it keeps every
# test that starts goroutines and cuts the sweeps that repeat one-goroutine
# work over more seeds, which the plain run does in full.
RACE_PKGS := ./batch ./cmd/... ./level ./levelbatch ./render ./rulesets ./serve ./stats ./tune

test: fmt-check
	$(GO) vet $(PKGS)
	$(GO) test -count=1 $(PKGS)

# The race detector over RACE_PKGS; CI (.ci/run) runs it after make test. It
# is its own target because the race build of every dependency costs as much
# as the plain build again: on an empty build cache the two together take
# make test past five minutes on two cores.
test-race:
	$(GO) test -race -short -count=1 $(RACE_PKGS)

# The test rulesets of level/testdata/quality on seeds 1-200 each, held to
# their first-attempt floors (make test runs 20 seeds of the slow ones): 3-6
# minutes on 2 cores.
test-quality:
	$(GO) test -count=1 -timeout 30m -run '^TestQualityRulesets$$' ./level/ -quality-seeds 200

# The map stage's proof on seeds 1-200 of every bundled ruleset, on squares
# and hexes (2,800 maps; make test runs seeds 1-20): 1-7 minutes on 2 cores.
test-maps:
	$(GO) test -count=1 -timeout 20m -run '^TestMapProofBundled$$' ./render/ -map-seeds 200

# The golden hashes of render/testdata/hashes.txt (level JSON and text level
# of every bundled ruleset, seeds 1-20) and the golden level files of
# level/testdata on arm64 under qemu, on amd64 with GOAMD64=v3 (which lets
# the compiler fuse multiply-adds) and on one core: every platform must
# produce the same bytes. Needs qemu-user-static.
test-cross:
	GOARCH=arm64 $(GO) test -count=1 -exec qemu-aarch64-static -run '^TestGoldenHashes$$' ./render/
	GOARCH=arm64 $(GO) test -count=1 -exec qemu-aarch64-static -run '^TestGoldenJSON$$' ./level/
	GOAMD64=v3 $(GO) test -count=1 -run '^TestGoldenHashes$$' ./render/
	GOAMD64=v3 $(GO) test -count=1 -run '^TestGoldenJSON$$' ./level/
	GOMAXPROCS=1 $(GO) test -count=1 -run '^TestGoldenHashes$$' ./render/

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed on:"; echo "$$out"; exit 1; fi

bench:
	$(GO) test -run='^$$' -bench=. -benchmem -count=1 $(PKGS)

lint:
	$(GO) tool staticcheck $(PKGS)

# Install dungraph in $(go env GOBIN), else $(go env GOPATH)/bin, and say
# where, whether that directory is on PATH, and whether another dungraph
# comes first there (an older install would run instead of this one).
install:
	$(GO) install ./cmd/dungraph
	@bin=$$($(GO) env GOBIN); [ -n "$$bin" ] || bin=$$($(GO) env GOPATH)/bin; \
	echo "installed $$bin/dungraph"; \
	case ":$$PATH:" in *":$$bin:"*) ;; *) echo "$$bin is not on your PATH: add it (export PATH=\"$$bin:\$$PATH\") or run $$bin/dungraph";; esac; \
	found=$$(command -v dungraph || true); \
	if [ -n "$$found" ] && ! [ "$$found" -ef "$$bin/dungraph" ]; then echo "another dungraph comes first on your PATH: $$found would run, not this one; put $$bin before it (export PATH=\"$$bin:\$$PATH\") or remove $$found"; fi

# Each fuzz target for FUZZTIME (default 30s); go test allows one -fuzz
# target per run. A failing input is minimized for at most FUZZMINTIME
# (go test's own default is a minute per failure).
FUZZTIME ?= 30s
FUZZMINTIME ?= 10s
fuzz:
	@for p in $$($(GO) list ./...); do \
		for t in $$($(GO) test -list '^Fuzz' $$p | grep ^Fuzz); do \
			echo "$$p $$t"; \
			$(GO) test -run='^$$' -fuzz="^$$t$$" -fuzztime=$(FUZZTIME) -fuzzminimizetime=$(FUZZMINTIME) $$p || exit 1; \
		done; done

# The pictures of the README and of the authoring guide's worked example,
# made by the tool itself, and docs/exports.md's Tiled map as Tiled's
# tmxrasterizer draws it (needs Debian's tiled).
docs-image:
	$(GO) run ./cmd/dungraph generate -r cycles --seed 3 --size 900 --format png --out - > docs/images/cycles-3.png
	$(GO) run ./cmd/dungraph generate -r dungeon --seed 3 --size 900 --format png --out - > docs/images/dungeon-3.png
	$(GO) run ./cmd/dungraph generate -r dungeon --seed 3 --size 900 --format map --out - > docs/images/dungeon-3-map.png
	$(GO) run ./tools/guideimages
	$(GO) run ./cmd/dungraph generate -r dungeon --seed 3 --format tmx --out $(OUT)/tiled
	QT_QPA_PLATFORM=offscreen tmxrasterizer --size 800 $(OUT)/tiled/level.tmx docs/images/dungeon-3-tiled.png
	$(GO) run ./cmd/dungraph generate -r dungeon --seed 3 --format tmx --tiles hex --out $(OUT)/tiled-hex
	QT_QPA_PLATFORM=offscreen tmxrasterizer --no-smoothing --size 800 $(OUT)/tiled-hex/level.tmx docs/images/dungeon-3-tiled-hex.png
	$(GO) run ./cmd/dungraph generate -r cycles --seed 3 --format tiles --tiles hex --out $(OUT)/hex-tiles
	cp $(OUT)/hex-tiles/level.tiles.png docs/images/cycles-3-hex-tiles.png
