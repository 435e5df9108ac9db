# dungraph: make run (generate a level), make test (what CI runs).
export GOTOOLCHAIN := local
GO ?= go
PKGS := ./...
OUT ?= out

.PHONY: run test bench lint install fuzz build fmt-check

build:
	$(GO) build $(PKGS)

# Generate a level from the embedded default ruleset: $(OUT)/level.png and
# $(OUT)/level.json.
run: build
	$(GO) run ./cmd/dungraph generate --out $(OUT)

test: fmt-check
	$(GO) vet $(PKGS)
	$(GO) test -race -count=1 $(PKGS)

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed on:"; echo "$$out"; exit 1; fi

bench:
	$(GO) test -run='^$$' -bench=. -benchmem -count=1 $(PKGS)

lint:
	$(GO) tool staticcheck $(PKGS)

install:
	$(GO) install ./cmd/dungraph

# Each fuzz target for FUZZTIME (default 30s); go test allows one -fuzz
# target per run.
FUZZTIME ?= 30s
fuzz:
	@for t in $$($(GO) test -list '^Fuzz' ./grammar/ | grep ^Fuzz); do \
		$(GO) test -run='^$$' -fuzz="^$$t$$" -fuzztime=$(FUZZTIME) ./grammar/ || exit 1; done
