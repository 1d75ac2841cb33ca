package hooks_test

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode"

	"github.com/pocketbase/pocketbase/core"
	"golang.org/x/net/html"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/pages"
	"github.com/folio/folio/testutil"
)

// hostileSend sends a multipart (fields) or JSON (body) request through app's handler.
func hostileSend(t *testing.T, app core.App, method, url, token string, fields map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	body, ct := testutil.Multipart(t, fields, nil)
	req := httptest.NewRequest(method, url, body)
	req.Header.Set("Content-Type", ct)
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	res := httptest.NewRecorder()
	testutil.Handler(t, app).ServeHTTP(res, req)
	return res
}

// plainSame: a plain-text field reads back as typed (trimmed); control characters may be
// dropped by the store, so payloads holding them are compared without them.
func plainSame(got, typed string) bool {
	strip := func(s string) string {
		return strings.TrimSpace(strings.Map(func(r rune) rune {
			if unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r' {
				return -1
			}
			return r
		}, s))
	}
	return got == strings.TrimSpace(typed) || strip(got) == strip(typed)
}

// jsonQuote is s as a JSON string, control characters escaped.
func jsonQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// clip200 fits a payload in the plain fields' 200-character limit.
func clip200(p string) string {
	if r := []rune(p); len(r) > 200 {
		return string(r[:200])
	}
	return p
}

// unsafePage checks a whole served HTML page: one <title>, no script element but the server's
// JSON-LD and the head's colour-scheme script, and every element and attribute safe.
// contentBlock is where the server's page puts stored rich text (an item's description, About's
// fields): what is inside must pass the sanitiser's own check. Everything else in the page is the
// server's fixed markup (the app's shell, Mantine's classes, icons) around escaped text.
func contentBlock(n *html.Node) bool {
	for _, a := range n.Attr {
		if a.Key == "class" {
			for _, c := range strings.Fields(a.Val) {
				if c == "item-body" || c == "about-header" || c == "about-section" {
					return true
				}
			}
		}
	}
	return false
}

func unsafePage(t *testing.T, page string) []string {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		return []string{err.Error()}
	}
	var bad []string
	titles := 0
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch n.Data {
			case "title":
				titles++
			case "script":
				// The server's JSON-LD is data, never run; its text must stay one JSON value (a
				// payload breaking out would leave a second element or invalid JSON). The other
				// scripts are the head's colour-scheme script and speculation rules, byte for
				// byte, and the islands' module (a src, no text).
				var ld any
				inHead := n.Parent != nil && n.Parent.Data == "head" && n.FirstChild != nil
				fixed := inHead && (n.FirstChild.Data == pages.ThemeScript || n.FirstChild.Data == pages.SpeculationRules)
				module := n.FirstChild == nil && strings.HasPrefix(nodeAttr(n, "src"), "/assets/")
				if !fixed && !module && (!scriptIsJSONLD(n) || n.FirstChild == nil || json.Unmarshal([]byte(n.FirstChild.Data), &ld) != nil) {
					bad = append(bad, "element <script>")
				}
				return
			case "style":
				// The shell's Mantine variables and inline CSS: fixed text, never markup.
				if n.FirstChild != nil && strings.Contains(n.FirstChild.Data, "<") {
					bad = append(bad, "markup in <style>")
				}
				return
			case "meta", "link", "html", "head", "body":
				for _, a := range n.Attr {
					if strings.HasPrefix(strings.ToLower(a.Key), "on") || strings.Contains(strings.ToLower(a.Val), "javascript:") && a.Key != "content" {
						bad = append(bad, fmt.Sprintf("<%s %s=%q>", n.Data, a.Key, a.Val))
					}
					if n.Data == "meta" && a.Key == "http-equiv" {
						bad = append(bad, "meta http-equiv")
					}
				}
			default:
				if contentBlock(n) {
					for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
						var b strings.Builder
						html.Render(&b, ch)
						bad = append(bad, unsafeHTML(b.String())...)
					}
					return
				}
				// The server's own markup around escaped text (titles may say anything in a title
				// attribute): no handler, no javascript: URL.
				for _, a := range n.Attr {
					url := a.Key == "href" || a.Key == "src" || a.Key == "action" || a.Key == "formaction"
					if strings.HasPrefix(strings.ToLower(a.Key), "on") || url && strings.HasPrefix(strings.ToLower(strings.TrimSpace(a.Val)), "javascript:") {
						bad = append(bad, fmt.Sprintf("<%s %s=%q>", n.Data, a.Key, a.Val))
					}
				}
			}
		}
		for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
			walk(ch)
		}
	}
	walk(doc)
	if titles != 1 {
		bad = append(bad, fmt.Sprintf("%d <title> elements", titles))
	}
	return bad
}

// TestHostileXSS sends the corpus through every HTML-bearing and plain-text field of items,
// About, the profile and comments, and checks the stored value, the API answer, the
// server-rendered page and the feeds.
func TestHostileXSS(t *testing.T) {
	app := testutil.NewApp(t)
	owner := testutil.CreateUser(t, app, "owner@folio.test", c.StatusApproved, true)
	tok := testutil.Token(t, owner)
	tried := 0

	ids := map[string]string{} // id -> type
	for i, p := range xssCorpus {
		typ, route := c.TypeBlog, "blogs"
		if i%2 == 1 {
			typ, route = c.TypeProject, "projects"
		}
		res := hostileSend(t, app, "POST", "/api/admin/"+route, tok, map[string]string{
			"title": clip200(p), "author": clip200(p), "date": "2026-05-06", "description": p,
			"tags": p + ",tag" + fmt.Sprint(i), "categories": p,
		})
		tried += 6
		if res.Code != 201 {
			t.Fatalf("payload %d: create %s: %d %s", i, route, res.Code, res.Body)
		}
		var item struct {
			ID, Title, Author, Description, Excerpt string
		}
		json.Unmarshal(res.Body.Bytes(), &item)
		ids[item.ID] = typ
		rec, err := app.FindRecordById(c.ItemCollection(typ), item.ID)
		if err != nil {
			t.Fatal(err)
		}
		if bad := unsafeHTML(rec.GetString(c.FieldDescription)); bad != nil {
			t.Errorf("payload %d: stored description %q: %v", i, rec.GetString(c.FieldDescription), bad)
		}
		if !plainSame(rec.GetString(c.FieldTitle), clip200(p)) || !plainSame(rec.GetString(c.FieldAuthor), clip200(p)) {
			t.Errorf("payload %d: title/author not stored as typed: %q", i, rec.GetString(c.FieldTitle))
		}

		api := testutil.Do(t, app, "GET", "/api/"+route+"/"+item.ID, "", "")
		var detail struct{ Title, Description, Excerpt string }
		if err := json.Unmarshal(api.Body.Bytes(), &detail); err != nil || api.Code != 200 {
			t.Fatalf("payload %d: detail %d %v", i, api.Code, err)
		}
		if bad := unsafeHTML(detail.Description); bad != nil || !plainSame(detail.Title, clip200(p)) {
			t.Errorf("payload %d: API description %q: %v", i, detail.Description, bad)
		}
		if strings.ContainsAny(detail.Excerpt, "<>") && strings.Contains(detail.Excerpt, "<script") {
			// the excerpt is plain text: tags may show as text only when typed as entities
			if !strings.Contains(p, "&lt;") && !strings.Contains(p, "&#60;") && !strings.Contains(p, `\u003c`) {
				t.Errorf("payload %d: excerpt keeps markup: %q", i, detail.Excerpt)
			}
		}

		page := testutil.Do(t, app, "GET", "/"+route+"/"+item.ID, "", "")
		if page.Code != 200 {
			t.Fatalf("payload %d: page %d", i, page.Code)
		}
		if bad := unsafePage(t, page.Body.String()); bad != nil {
			t.Errorf("payload %d: page /%s/%s: %v", i, route, item.ID, bad)
		}

		cres := testutil.Do(t, app, "POST", "/api/comment"+map[string]string{c.TypeBlog: "", c.TypeProject: "-project"}[typ]+"/"+item.ID, "",
			fmt.Sprintf(`{"email":"reader@folio.test","content":%s}`, jsonQuote(p)))
		tried++
		if cres.Code != 201 && !(cres.Code == 400 && strings.TrimSpace(p) == "") {
			t.Errorf("payload %d: comment %d %s", i, cres.Code, cres.Body)
		}

		if i%20 == 19 || i == len(xssCorpus)-1 {
			checkFeeds(t, app)
		}
	}

	// Stored comments are plain text, as typed.
	comments, err := app.FindAllRecords(c.Events)
	if err != nil {
		t.Fatal(err)
	}
	stored := map[string]bool{}
	for _, e := range comments {
		if e.GetString(c.FieldAction) == c.ActionComment {
			stored[e.GetString(c.FieldContent)] = true
		}
	}
	for i, p := range xssCorpus {
		found := false
		for s := range stored {
			if plainSame(s, p) {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("payload %d: comment not stored as typed", i)
		}
	}
	analytics := testutil.Do(t, app, "GET", "/api/admin/analytics?range=all", tok, "")
	if analytics.Code != 200 || !json.Valid(analytics.Body.Bytes()) {
		t.Fatalf("analytics with hostile comments: %d", analytics.Code)
	}

	tried += hostileSingletons(t, app, tok)
	tried += hostileLinks(t, app, tok)
	t.Logf("%d payloads, %d field submissions", len(xssCorpus)+len(xssLinks), tried)
}

// hostileSingletons sends every payload through every About section and the profile.
func hostileSingletons(t *testing.T, app core.App, tok string) int {
	t.Helper()
	tried := 0
	for i, p := range xssCorpus {
		method := "PUT"
		if i == 0 {
			method = "POST"
		}
		about := map[string]string{"attachLinks": fmt.Sprintf(`[{"title":%s,"url":"https://ok.example/"}]`, jsonQuote(p))}
		for _, f := range c.AboutRichFields {
			about[f] = p
		}
		if res := hostileSend(t, app, method, "/api/admin/about", tok, about); res.Code/100 != 2 {
			t.Fatalf("payload %d: about %d %s", i, res.Code, res.Body)
		}
		profile := map[string]string{"heading": clip200(p), "bio": p, "socialLinks": fmt.Sprintf(`[{"title":%s,"url":"https://ok.example/"}]`, jsonQuote(p))}
		if res := hostileSend(t, app, method, "/api/admin/profile", tok, profile); res.Code/100 != 2 {
			t.Fatalf("payload %d: profile %d %s", i, res.Code, res.Body)
		}
		tried += len(about) + len(profile)

		var a map[string]any
		json.Unmarshal(testutil.Do(t, app, "GET", "/api/about", "", "").Body.Bytes(), &a)
		for _, f := range c.AboutRichFields {
			s, _ := a[f].(string)
			if bad := unsafeHTML(s); bad != nil {
				t.Errorf("payload %d: About %s %q: %v", i, f, s, bad)
			}
		}
		if links, _ := a["attachLinks"].([]any); len(links) == 1 {
			if l, _ := links[0].(map[string]any); !plainSame(fmt.Sprint(l["title"]), p) {
				t.Errorf("payload %d: About link title %q", i, l["title"])
			}
		}
		var prof struct {
			Heading, Bio string
			SocialLinks  []struct{ Title, URL string } `json:"socialLinks"`
		}
		json.Unmarshal(testutil.Do(t, app, "GET", "/api/profile", "", "").Body.Bytes(), &prof)
		if !plainSame(prof.Heading, clip200(p)) {
			t.Errorf("payload %d: heading %q", i, prof.Heading)
		}
		if !plainSame(prof.Bio, p) && unsafeHTML(prof.Bio) != nil {
			t.Errorf("payload %d: bio neither plain nor safe: %q", i, prof.Bio)
		}
		for _, l := range prof.SocialLinks {
			if !plainSame(l.Title, p) || strings.TrimRight(l.URL, "/") != "https://ok.example" {
				t.Errorf("payload %d: social link %+v", i, l)
			}
		}
		for _, path := range []string{"/", "/about"} {
			if bad := unsafePage(t, testutil.Do(t, app, "GET", path, "", "").Body.String()); bad != nil {
				t.Errorf("payload %d: page %s: %v", i, path, bad)
			}
		}
	}
	checkFeeds(t, app)
	return tried
}

// hostileLinks: every link field refuses a script scheme (400) or stores a safe one.
func hostileLinks(t *testing.T, app core.App, tok string) int {
	t.Helper()
	tried := 0
	safe := func(u string) bool { return safeSchemeRe.MatchString(strings.ToLower(u)) }
	for i, l := range xssLinks {
		sends := []struct {
			method, url string
			fields      map[string]string
			read        func(body []byte) []string
		}{
			{"POST", "/api/admin/blogs", map[string]string{"title": "L", "author": "A", "attachLinks": l}, func(b []byte) []string {
				var v struct{ AttachLinks []string }
				json.Unmarshal(b, &v)
				return v.AttachLinks
			}},
			{"POST", "/api/admin/projects", map[string]string{"title": "L", "author": "A", "attachLink": l}, func(b []byte) []string {
				var v struct{ AttachLink string }
				json.Unmarshal(b, &v)
				return []string{v.AttachLink}
			}},
			{"PUT", "/api/admin/about", map[string]string{"attachLinks": fmt.Sprintf(`[{"title":"t","url":%s}]`, jsonQuote(l))}, func(b []byte) []string {
				var v struct{ AttachLinks []struct{ URL string } }
				json.Unmarshal(b, &v)
				var out []string
				for _, x := range v.AttachLinks {
					out = append(out, x.URL)
				}
				return out
			}},
			{"PUT", "/api/admin/profile", map[string]string{"socialLinks": fmt.Sprintf(`[{"title":"t","url":%s}]`, jsonQuote(l))}, func(b []byte) []string {
				var v struct {
					SocialLinks []struct{ URL string } `json:"socialLinks"`
				}
				json.Unmarshal(b, &v)
				var out []string
				for _, x := range v.SocialLinks {
					out = append(out, x.URL)
				}
				return out
			}},
		}
		for _, s := range sends {
			tried++
			res := hostileSend(t, app, s.method, s.url, tok, s.fields)
			switch {
			case res.Code == 400:
			case res.Code/100 == 2:
				for _, u := range s.read(res.Body.Bytes()) {
					if u != "" && !safe(u) {
						t.Errorf("link %d %q via %s stored as %q", i, l, s.url, u)
					}
				}
			default:
				t.Errorf("link %d %q via %s: %d %s", i, l, s.url, res.Code, res.Body)
			}
		}
	}
	checkFeeds(t, app)
	return tried
}

// checkFeeds: the feeds stay well-formed and their HTML safe, whatever the items hold.
func checkFeeds(t *testing.T, app core.App) {
	t.Helper()
	for _, path := range []string{"/rss.xml", "/atom.xml", "/sitemap.xml"} {
		res := testutil.Do(t, app, "GET", path, "", "")
		if res.Code != 200 {
			t.Fatalf("%s: %d", path, res.Code)
		}
		dec := xml.NewDecoder(strings.NewReader(res.Body.String()))
		inHTML := false
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s is not well-formed XML: %v", path, err)
			}
			switch v := tok.(type) {
			case xml.StartElement:
				inHTML = v.Name.Local == "description" || v.Name.Local == "encoded" ||
					(v.Name.Local == "content" || v.Name.Local == "summary") && attr(v, "type") == "html"
			case xml.CharData:
				if inHTML {
					if bad := unsafeHTML(string(v)); bad != nil {
						t.Errorf("%s: HTML %q: %v", path, v, bad)
					}
				}
			case xml.EndElement:
				inHTML = false
			}
		}
	}
	res := testutil.Do(t, app, "GET", "/feed.json", "", "")
	var feed struct {
		Items []struct {
			Title       string `json:"title"`
			ContentHTML string `json:"content_html"`
			Summary     string `json:"summary"`
		} `json:"items"`
	}
	if err := json.Unmarshal(res.Body.Bytes(), &feed); err != nil {
		t.Fatalf("/feed.json: %v", err)
	}
	for _, it := range feed.Items {
		if bad := unsafeHTML(it.ContentHTML); bad != nil {
			t.Errorf("/feed.json content_html %q: %v", it.ContentHTML, bad)
		}
	}
}

func attr(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func nodeAttr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// scriptIsJSONLD tells the server's structured data (type application/ld+json) from a script.
func scriptIsJSONLD(n *html.Node) bool {
	for _, a := range n.Attr {
		if a.Key == "type" {
			return a.Val == "application/ld+json"
		}
	}
	return false
}
