# Sojourn: `make run` to try it, `make test` to check it. See README.md.
SHELL := /bin/bash
GO ?= go
VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
GOFLAGS_BUILD := -trimpath -ldflags "-s -w -X main.version=$(VERSION)"
export CGO_ENABLED ?= 0

.PHONY: run serve deps deps-go deps-web build build-go build-web seed test test-go test-web test-e2e \
        lint vet contract gen gen-check bench clean

run: deps build ## install, build, migrate, seed the demo data and serve on http://localhost:8080
	./bin/sojourn migrate up
	./bin/sojourn seed --demo
	./bin/sojourn serve

serve: build-go
	./bin/sojourn serve

deps: deps-go deps-web

deps-go:
	$(GO) mod download

# Install when package.json or the lock changed since the last install. This
# is `npm install`, not `npm ci`: the registry this project builds against
# lacks other platforms' optional binaries (e.g. @tailwindcss/oxide-darwin-*),
# so the lock cannot list them and `npm ci` would refuse it as out of sync.
deps-web: node_modules/.package-lock.json
node_modules/.package-lock.json: package-lock.json package.json
	npm install --no-audit --no-fund
	@touch $@

build: build-go build-web

build-go:
	@mkdir -p bin
	$(GO) build $(GOFLAGS_BUILD) -o bin/sojourn ./api/cmd/sojourn

build-web: deps-web
	npm run build

seed: build-go
	./bin/sojourn seed --demo

# The whole suite: Go (both databases when TEST_DATABASE_URL is set), the
# contract and generated code, the portals' lint, types and unit tests, the
# bundle budget and the browser tests.
test: deps gen-check vet test-go test-web build test-e2e

# The Go packages (not ./...: node_modules holds a stray Go package).
GO_PKGS := ./api/... ./migrations/... ./policies/...

vet:
	$(GO) vet $(GO_PKGS)
	@test -z "$$(gofmt -l api migrations policies)" || { echo "gofmt needed:"; gofmt -l api migrations policies; exit 1; }

# The Go tests run under the race detector whenever a C compiler is there
# (-race needs cgo); without one they run without it and say so. Three tests
# run without it: the demo data's (api/internal/seed, beside the others),
# which seeds one database after the other from a single goroutine, and the
# app package's contract property test and permission matrix (after the
# others: beside them, their load made the app package's timing-bound tests
# flaky), which drive every route one request at a time. They go through the services whose
# concurrency their own tests exercise under the detector, and the detector
# made them the suite's slowest by minutes (the property test: 65 s without
# it, 7 min with it).
RACE := $(shell command -v gcc >/dev/null 2>&1 && echo -race)
SEED_PKG := ./api/internal/seed
SERIAL_TESTS := ^(TestIntegrationContractProperties|TestIntegrationPermissionMatrix)$$

test-go:
	@[ -n "$(RACE)" ] || echo "test-go: no C compiler (gcc), so the Go tests run without the race detector"
	@set -o pipefail; \
	CGO_ENABLED=0 $(GO) test -count=1 -timeout 30m $(SEED_PKG) & seed=$$!; \
	CGO_ENABLED=$(if $(RACE),1,0) $(GO) test $(RACE) -count=1 -timeout 30m -skip '$(SERIAL_TESTS)' \
	  $$($(GO) list $(GO_PKGS) | grep -vx 'sojourn/api/internal/seed'); rest=$$?; \
	CGO_ENABLED=0 $(GO) test -count=1 -timeout 30m -run '$(SERIAL_TESTS)' ./api/internal/app/; serial=$$?; \
	wait $$seed; s=$$?; [ $$rest -eq 0 ] && [ $$serial -eq 0 ] && [ $$s -eq 0 ]

test-web: deps-web
	npx nx show projects >/dev/null # computes the project graph @nx/enforce-module-boundaries needs on a fresh clone
	npm run lint
	npm run typecheck
	npm test

test-e2e: build
	tools/ensure-chromium.sh
	npm run e2e

# Bundle the contract, written per domain in api/contract/*.yaml, into the
# api/openapi.yaml that clients and tests read (see api/cmd/contract).
contract:
	$(GO) run ./api/cmd/contract

# Regenerate the TypeScript API types from the bundled api/openapi.yaml.
gen: contract deps-web
	npm run gen:api

# CI fails when the bundle or the regenerated code differs from what is committed.
gen-check: gen
	@git diff --exit-code -- api/openapi.yaml || { echo "api/openapi.yaml is stale: run 'make contract' and commit"; exit 1; }
	@git diff --exit-code -- libs/shared/api-client/src/generated || { echo "generated API client is stale: run 'make gen' and commit"; exit 1; }

bench: build-go
	$(GO) run ./api/cmd/bench

clean:
	rm -rf bin apps/*/dist .nx/cache
