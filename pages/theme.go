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
	// The islands (the tag's data-islands) and the stylesheets (data-css: the site's whole
	// stylesheet and the islands' own, see Assets) load once the page has
	// loaded and been painted: after its first contentful paint and the two frames after it
	// (a second and a half after load at most, for a tab that paints nothing), or at the first
	// tap, key or focus if sooner. Until then the page's text and image have the network and
	// the main thread to themselves: a page loads faster than its first frame, so "load" alone
	// came before the first paint. The app's routes carry no data-islands: nothing below runs
	// there.
	`var d=document.currentScript&&document.currentScript.dataset;` +
	`if(d&&d.islands){` +
	// A tap on an item's cover or on a button that only an island makes work (like, copy
	// link, the theme and sidebar toggles) before the islands run is kept, and the islands
	// replay it once they have started (islands/main.ts): no tap made during load is lost.
	// Submit buttons keep their forms' own behaviour.
	`document.addEventListener("click",function(e){var a=!window.folioIslands&&e.target.closest&&` +
	`e.target.closest("[data-island=cover] a,button[type=button]");` +
	`if(a){e.preventDefault();e.stopPropagation();(window.folioPending=window.folioPending||[]).push(a)}},true);` +
	// So is a key pressed outside a text field ("/" to search, Escape): replayed as a keydown on
	// the same element. Keys typed into a field stay in it by themselves.
	`document.addEventListener("keydown",function(e){var t=e.target;if(window.folioIslands||e.ctrlKey||e.metaKey||e.altKey||` +
	`!t.closest||t.closest("input,textarea,select,[contenteditable]"))return;` +
	`(window.folioPending=window.folioPending||[]).push({key:e.key,target:t})},true);` +
	`var go=function(){if(go.done)return;go.done=1;` +
	`if(d.css)d.css.split(" ").forEach(function(h){var l=document.createElement("link");l.rel="stylesheet";l.href=h;document.head.appendChild(l)});` +
	`var m=document.createElement("script");m.type="module";m.src=d.islands;document.head.appendChild(m)},` +
	`painted=function(){setTimeout(go,1500);var f=function(){requestAnimationFrame(function(){requestAnimationFrame(go)})},P=window.PerformanceObserver;` +
	`if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0)new P(function(l,o){` +
	`if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();f()}}).observe({type:"paint",buffered:true});else f()};` +
	`if(document.readyState==="complete")painted();else addEventListener("load",painted);` +
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
