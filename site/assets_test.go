package site_test

import (
	"strings"
	"testing"

	"github.com/folio/folio/site"
)

// The build's manifest names the site's stylesheet (inlined in part, and linked whole), the
// islands' stylesheet and the islands' module; a custom property an island names stays a
// variable in the inline CSS.
func TestAssetsFromTheManifest(t *testing.T) {
	manifest := `{"src/site/site.css":{"file":"assets/site-abc.css"},` +
		`"src/site/interactive.css":{"file":"assets/site-interactive-def.css"},` +
		`"src/islands/main.ts":{"file":"assets/islands-ghi.js","imports":["_chunk"]},` +
		`"_chunk":{"file":"assets/chunk-jkl.js"}}`
	files := map[string]string{
		"assets/site-abc.css":             `:root{--gap:4px;--accent:red}.card{margin:var(--gap);color:var(--accent)}`,
		"assets/islands-ghi.js":           `import "./chunk-jkl.js";`,
		"assets/chunk-jkl.js":             `el.style.setProperty("--accent","blue")`,
		"assets/site-interactive-def.css": ``,
	}
	a := site.Assets([]byte(manifest), func(name string) []byte { return []byte(files[name]) })
	if a.StyleFile != "/assets/site-abc.css" || a.CSS != "/assets/site-interactive-def.css" || a.JS != "/assets/islands-ghi.js" || a.Style == nil {
		t.Fatalf("assets: %+v", a)
	}
	got := string(a.Style.For([]byte(`<div class="card"></div>`)))
	if !strings.Contains(got, ".card{margin:4px;color:var(--accent)}") || !strings.Contains(got, "--accent:red") || strings.Contains(got, "--gap") {
		t.Errorf("inline CSS %q: --gap is a constant to fold, --accent an island's to keep", got)
	}
	if a := site.Assets([]byte(`not json`), nil); a.Style != nil || a.StyleFile != "" {
		t.Errorf("an unreadable manifest gives assets: %+v", a)
	}
}
