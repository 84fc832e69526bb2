package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCommittedBundleIsCurrent fails when api/openapi.yaml was edited by hand
// or a part changed without `make contract` (gen-check checks the same).
func TestCommittedBundleIsCurrent(t *testing.T) {
	doc, err := Bundle("../../contract")
	if err != nil {
		t.Fatal(err)
	}
	if diff := stale("../../openapi.yaml", doc); diff != "" {
		t.Fatalf("api/openapi.yaml is stale: run 'make contract' and commit (%s)", diff)
	}
	again, err := Bundle("../../contract")
	if err != nil || string(again) != string(doc) {
		t.Fatal("bundling twice gives different output")
	}
}

const base = `# the base part
openapi: 3.1.0
info: {title: T, version: "1"}
tags:
  - name: a
  - name: b
paths:
  /healthz:
    get:
      responses:
        "200": {description: ok}
components:
  schemas:
    Error: {type: object}
`

const partA = `# part a
paths:
  /a:
    get:
      tags: [a]
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {$ref: "#/components/schemas/B"}
components:
  schemas:
    A: {type: string}
`

const partB = `paths:
  /b:
    post:
      tags: [b]
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {$ref: "#/components/schemas/A"}
components:
  schemas:
    B: {type: integer}
  responses:
    Nothing: {description: nothing}
`

func write(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestBundleMergesPartsInNameOrder(t *testing.T) {
	doc, err := Bundle(write(t, map[string]string{"_base.yaml": base, "b.yaml": partB, "a.yaml": partA}))
	if err != nil {
		t.Fatal(err)
	}
	s := string(doc)
	if !strings.HasPrefix(s, Header) {
		t.Error("the bundle does not open with the generated-file header")
	}
	if strings.Contains(s, "# the base part") || strings.Contains(s, "# part a") {
		t.Error("the parts' header comments leak into the bundle")
	}
	// Base entries first, then a.yaml's, then b.yaml's, whatever order the
	// directory lists them in; cross-part references resolve.
	order := []string{"\n  /healthz:", "\n  /a:", "\n  /b:", "\n    Error:", "\n    A:", "\n    B:", "\n  responses:\n    Nothing:"}
	last := -1
	for _, k := range order {
		i := strings.Index(s, k)
		if i < 0 || i < last {
			t.Fatalf("%q missing or out of order in\n%s", k, s)
		}
		last = i
	}
}

func TestBundleRefuses(t *testing.T) {
	cases := map[string]struct {
		files map[string]string
		want  string
	}{
		"no base": {map[string]string{"a.yaml": partA}, "_base.yaml"},
		"a path in two parts": {map[string]string{"_base.yaml": base, "a.yaml": partA, "b.yaml": partB,
			"c.yaml": "paths:\n  /a:\n    get:\n      responses:\n        \"200\": {description: ok}\n"}, `paths "/a" is already defined in a.yaml`},
		"a part redefining a base path": {map[string]string{"_base.yaml": base,
			"a.yaml": "paths:\n  /healthz:\n    get:\n      responses:\n        \"200\": {description: ok}\n"}, `"/healthz" is already defined in _base.yaml`},
		"a schema in two parts": {map[string]string{"_base.yaml": base, "a.yaml": partA, "b.yaml": partB,
			"c.yaml": "components:\n  schemas:\n    A: {type: number}\n"}, `components/schemas "A" is already defined in a.yaml`},
		"a part redefining the error envelope": {map[string]string{"_base.yaml": base,
			"a.yaml": "components:\n  schemas:\n    Error: {type: string}\n"}, `"Error" is already defined in _base.yaml`},
		"a part with document fields": {map[string]string{"_base.yaml": base,
			"a.yaml": "info: {title: X, version: \"2\"}\n"}, `"info" belongs in _base.yaml`},
		"a part declaring tags": {map[string]string{"_base.yaml": base,
			"a.yaml": "tags:\n  - name: c\n"}, `"tags" belongs in _base.yaml`},
		"an undeclared tag": {map[string]string{"_base.yaml": base,
			"a.yaml": "paths:\n  /c:\n    get:\n      tags: [c]\n      responses:\n        \"200\": {description: ok}\n"}, `GET /c has tag "c"`},
		"a dangling reference": {map[string]string{"_base.yaml": base, "a.yaml": partA}, `"#/components/schemas/B"`},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := Bundle(write(t, c.files))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("want an error naming %q, got %v", c.want, err)
			}
		})
	}
}

func TestStaleNamesTheFirstDifference(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "openapi.yaml")
	if err := os.WriteFile(path, []byte("a\nb\nc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if d := stale(path, []byte("a\nb\nc\n")); d != "" {
		t.Fatalf("equal files reported stale: %s", d)
	}
	if d := stale(path, []byte("a\nX\nc\n")); !strings.Contains(d, "line 2") {
		t.Fatalf("stale: %s", d)
	}
}
