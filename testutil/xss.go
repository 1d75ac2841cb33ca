package testutil

import (
	_ "embed"
	"encoding/json"
)

//go:embed testdata/xss-corpus.json
var xssCorpusJSON []byte

// XSSCorpus is the hostile-input corpus shared with the browser tests
// (frontend/e2e/hostile-xss.spec.ts reads the same file): HTML payloads for every text and
// rich-text field, and link values for link fields.
func XSSCorpus() (payloads, links []string) {
	var v struct{ HTML, Links []string }
	if err := json.Unmarshal(xssCorpusJSON, &v); err != nil {
		panic("testdata/xss-corpus.json: " + err.Error())
	}
	return v.HTML, v.Links
}
