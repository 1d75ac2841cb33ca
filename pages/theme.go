package pages

import (
	"crypto/sha256"
	"encoding/base64"
)

// ThemeScript puts the reader's saved colour scheme (the app's localStorage key, see
// frontend/src/config/constants.ts COLOR_SCHEME_STORAGE_KEY) on <html> before the first
// paint, so a reader who chose light never sees the server's page dark until React starts.
// It also loads the islands (below). The CSP allows exactly this text by its hash.
const ThemeScript = `/*folio-theme*/try{var s=localStorage.getItem("folio-color-scheme");` +
	`if(s==="auto")s=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";` +
	`if(s==="light"||s==="dark")document.documentElement.setAttribute("data-mantine-color-scheme",s)}catch(e){}` +
	// A tap on an item's cover before the islands run is kept for the cover island (islands/cover).
	`document.addEventListener("click",function(e){var a=e.target.closest&&e.target.closest("[data-island=cover] a");` +
	`if(a&&!window.folioIslands){e.preventDefault();window.folioPendingCover=a}},true);` +
	// The islands (the tag's data-islands and data-css, see Assets) load once the page has
	// loaded, or at the first tap, key or focus if sooner: until then the page's own image
	// has the network to itself. The app's routes carry no data-islands.
	`var d=document.currentScript&&document.currentScript.dataset;` +
	`if(d&&d.islands){var go=function(){if(go.done)return;go.done=1;` +
	`if(d.css){var l=document.createElement("link");l.rel="stylesheet";l.href=d.css;document.head.appendChild(l)}` +
	`var m=document.createElement("script");m.type="module";m.src=d.islands;document.head.appendChild(m)};` +
	`if(document.readyState==="complete")go();else addEventListener("load",go);` +
	`["pointerdown","keydown","focusin"].forEach(function(t){addEventListener(t,go,true)})}`

// ThemeScriptCSP is the CSP source that allows ThemeScript and nothing else inline.
var ThemeScriptCSP = func() string {
	sum := sha256.Sum256([]byte(ThemeScript))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}()

// SpeculationRules prefetches a same-site page when the reader shows intent (hover, pointer
// down): the next page is usually in the cache before the click. Pages that are not the
// public site's, and links that act (Sign in), are left out.
const SpeculationRules = `{"prefetch":[{"source":"document","where":{"and":[{"href_matches":"/*"},` +
	`{"not":{"href_matches":["/api/*","/_/*","/admin*","/login*","/register*","/*\\?*next=*"]}}]},"eagerness":"moderate"}]}`

// SpeculationRulesCSP is the CSP source that allows SpeculationRules inline.
var SpeculationRulesCSP = func() string {
	sum := sha256.Sum256([]byte(SpeculationRules))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}()
