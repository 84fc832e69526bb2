package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	dir := flag.String("dir", "api/contract", "folder of the contract's parts")
	out := flag.String("out", "api/openapi.yaml", "the bundled contract")
	check := flag.Bool("check", false, "only check that -out is up to date (exit 1 when stale)")
	flag.Parse()
	doc, err := Bundle(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "contract:", err)
		os.Exit(1)
	}
	if *check {
		if diff := stale(*out, doc); diff != "" {
			fmt.Fprintf(os.Stderr, "contract: %s is stale: run 'make contract' and commit (%s)\n", *out, diff)
			os.Exit(1)
		}
		return
	}
	if err := os.WriteFile(*out, doc, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "contract:", err)
		os.Exit(1)
	}
}
