# Folio: `make run` serves the demo, `make test` runs every test.
export GOTOOLCHAIN := auto
SHELL := /bin/bash

DATA      ?= pb_data
HTTP      ?= 127.0.0.1:8090
ROOT      ?= admin@folio.local
ROOT_PW   ?= folio-admin-2026
FRONT_SRC := $(shell find frontend/src frontend/index.html frontend/public frontend/vite.config.ts frontend/package.json -type f 2>/dev/null)
GO_SRC    := $(shell find . -name '*.go' -not -path './frontend/*' 2>/dev/null) go.mod go.sum

.PHONY: run build test test-go test-web test-e2e bench audit lighthouse web deps clean

deps: frontend/node_modules/.installed

frontend/node_modules/.installed: frontend/package.json frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund
	touch $@

pb_public/index.html: frontend/node_modules/.installed $(FRONT_SRC)
	cd frontend && npm run build

web: pb_public/index.html

folio: pb_public/index.html $(GO_SRC)
	go build -trimpath -o folio .

build: folio

# `folio demo` changes nothing when HTTP is busy, seeds the demo only when it is absent, creates
# the /_/ superuser only when none exists and prints only the sign-ins that work.
run: build
	./folio demo --http="$(HTTP)" --dir="$(DATA)" --superuser="$(ROOT)" --superuser-password="$(ROOT_PW)"
	./folio serve --http="$(HTTP)" --dir="$(DATA)"

test: test-go test-web test-e2e

test-go:
	@unformatted="$$("$$(go env GOROOT)/bin/gofmt" -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './frontend/*'))"; \
	if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi
	go vet ./...
	go test -count=1 ./...

# The public pages' weight (scripts/page-budget.mjs, on the built binary with the demo site):
# Home and an item page at most 60 kB of HTML and 15 kB gzip, the islands' JS at most 90 kB
# gzip, no JavaScript beyond the inline theme script and the module tags; over it, `make test` fails.
test-web: deps build
	cd frontend && npm run lint && npm test && FOLIO_BIN=../folio npm run budget

test-e2e: build
	cd frontend && FOLIO_BIN=../folio npm run e2e

# Every benchmark runs; the target exits non-zero if any missed. Reads: ratios to nginx and a
# bare Go handler sending the same answers (wrk, nginx-light), without and then with
# Accept-Encoding: gzip (what browsers send); e.g. `make bench BENCH_ARGS="-port 8150 -rounds 3"`.
bench: build
	@status=0; \
	go run ./cmd/bench -bin ./folio $(BENCH_ARGS) || status=1; \
	go run ./cmd/bench -bin ./folio -gzip -items 1000 $(BENCH_ARGS) || status=1; \
	go run ./cmd/benchwrites -bin ./folio || status=1; \
	go run ./cmd/benchsearch -bin ./folio || status=1; \
	go run ./cmd/benchanalytics -bin ./folio || status=1; \
	FOLIO_CRASH_ROUNDS=100 go test -count=1 -run TestCrashConsistency -v ./cmd/internal/reliability || status=1; \
	go run ./cmd/soak -bin ./folio || status=1; \
	exit $$status

# Known vulnerabilities of the Go modules and the front end's runtime packages (needs
# vuln.go.dev and the npm registry's audit endpoint).
audit: deps
	go run golang.org/x/vuln/cmd/govulncheck@latest ./...
	cd frontend && npm audit --omit=dev

# Lighthouse (mobile defaults) on Home, a blog, a project and /about of a fresh demo site; not in `make test`.
LH_PORT ?= 8150
lighthouse: build
	cd frontend && CHROME_PATH=$${CHROME_PATH:-/usr/bin/chromium} FOLIO_BIN=../folio PORT=$(LH_PORT) node scripts/lighthouse.mjs

clean:
	rm -rf folio pb_public/assets pb_public/index.html frontend/node_modules
