package subcommands

import (
	"fmt"
	"html"
	"math/rand/v2"
	"strings"

	c "github.com/folio/folio/collections"
)

// Demo descriptions are assembled from hand-written pieces in the shapes the editor produces
// (headings, marked-up paragraphs, nested lists, quotes, code blocks), 300 to 1,500 words.
const (
	demoMinWords = 300
	demoMaxWords = 1500
)

var demoSentences = []string{
	`The first version took an afternoon; making it <em>boring and reliable</em> took a month.`,
	`Most of the time went into the parts nobody sees: error handling, retries and logging.`,
	`I measured before changing anything, because my intuition about performance is usually wrong.`,
	`The numbers below come from a two-core VPS, which is closer to what most side projects run on than a laptop.`,
	`A small, well-named function beats a clever one every time I come back to the code six months later.`,
	`The trick is to keep the data model <strong>dull</strong> and push the interesting decisions to the edges.`,
	`I wrote the tests first this time, mostly to find out what the API should feel like from the outside.`,
	`Every dependency is a promise to read its changelog for the next five years.`,
	`It is tempting to reach for a queue here, but a single table and a cron job were enough.`,
	`The documentation on <a href="https://developer.mozilla.org/">MDN</a> answered most of my questions before I had to read any source.`,
	`When something is slow, the answer is almost always an index, a cache, or doing less work.`,
	`I keep a running log of decisions in the repository, so future me knows <em>why</em> and not just <em>what</em>.`,
	`Readers asked how this compares with the hosted alternatives; the short answer is that it costs less and breaks less often.`,
	`Accessibility was not an afterthought: every control works with a keyboard and a screen reader.`,
	`The configuration lives in one file, and the defaults are the values I would pick anyway.`,
	`I deleted more code than I wrote in the second week, which is usually a good sign.`,
	`Naming took longer than implementing, and it was worth it.`,
	`The hardest bug was a timezone issue that only showed up on the last day of the month.`,
	`Reviews got faster once every pull request came with a short note on how to test it by hand.`,
	`A feature flag let me ship the change on Friday without being nervous about it.`,
	`The profiler pointed at JSON encoding, which surprised me more than it should have.`,
	`Good error messages are a feature: they say what happened, why, and what to do next.`,
	`I ran the benchmark ten times and report the median, since the machine is noisy.`,
	`The old setup worked, but nobody on the team wanted to touch it, which is its own kind of failure.`,
	`Backups are only real once you have restored one, so I scheduled a monthly restore drill.`,
	`If a page needs a spinner for longer than a second, it probably needs a different design.`,
	`Most users never change the defaults, so the defaults deserve the most care.`,
	`I timed the build on every commit for a week and found two steps that did nothing useful.`,
	`The API returns the same shape for every list, which made the client code half as long.`,
	`There is a <strong>lot</strong> of advice online about this; most of it assumes a team of fifty.`,
	`The migration ran in under a minute, but I still rehearsed it twice on a copy of the data.`,
	`Writing it down forced me to notice the two places where the design was still vague.`,
	`Caching made the dashboard fast, and invalidating the cache correctly made it correct.`,
	`I asked three friends to try it without any instructions and watched where they got stuck.`,
	`Small releases meant every regression was easy to find with a quick bisect.`,
	`In hindsight, the rewrite was unnecessary; a handful of targeted fixes would have done.`,
	`The <a href="https://www.sqlite.org/docs.html">SQLite documentation</a> is one of the best pieces of technical writing I know.`,
	`Simple tools compose: a shell pipeline solved what I had planned a service for.`,
	`I learned to ask "what is the smallest thing that could work?" before opening the editor.`,
	`Mentoring taught me more about my own gaps than any course did.`,
}

var demoHeadings = []string{
	"Why it matters", "The setup", "A first attempt", "What went wrong", "Measuring it",
	"The fix", "Trade-offs", "What I would do differently", "How it works", "Lessons learned",
	"Getting started", "Under the hood", "The numbers", "Edge cases", "Next steps",
}

var demoSubheadings = []string{
	"A note on defaults", "Testing it", "Error handling", "Deployment", "Keeping it small",
	"The data model", "Naming things", "What the profiler said",
}

var demoListItems = []string{
	"Keep the data model small and explicit",
	"Measure first, then optimise the hot path",
	"Write the error message before the happy path",
	"Automate the release, not just the build",
	"Document the decisions, not only the code",
	"Prefer one boring tool over three clever ones",
	"Make the slow path visible in logs",
	"Test the migration on a copy of real data",
	"Ship behind a flag, then remove the flag",
	"Review accessibility with a keyboard only",
	"Cache at the edge, invalidate on write",
	"Budget time for deleting code",
}

var demoQuotes = []string{
	`Make it work, make it right, make it fast. <em>— Kent Beck</em>`,
	`Simplicity is prerequisite for reliability. <em>— Edsger W. Dijkstra</em>`,
	`The best code is no code at all. <em>— Jeff Atwood</em>`,
	`Premature optimization is the root of all evil. <em>— Donald Knuth</em>`,
	`Programs must be written for people to read, and only incidentally for machines to execute. <em>— Harold Abelson</em>`,
	`Clear is better than clever. <em>— Go Proverbs</em>`,
}

// demoCode holds a few realistic snippets per language (the class the editor writes).
var demoCode = map[string][]string{
	"go": {
		"func (ix *Index) Search(q string) []Hit {\n\tterms := tokenize(q)\n\thits := make(map[int]float64)\n\tfor _, t := range terms {\n\t\tfor _, p := range ix.postings[t] {\n\t\t\thits[p.doc] += p.weight\n\t\t}\n\t}\n\treturn rank(hits, 10)\n}",
		"func TestParse(t *testing.T) {\n\tcases := []struct {\n\t\tin   string\n\t\twant int\n\t}{\n\t\t{\"1\", 1},\n\t\t{\"42\", 42},\n\t}\n\tfor _, c := range cases {\n\t\tif got := Parse(c.in); got != c.want {\n\t\t\tt.Errorf(\"Parse(%q) = %d, want %d\", c.in, got, c.want)\n\t\t}\n\t}\n}",
		"srv := &http.Server{\n\tAddr:              \":8080\",\n\tHandler:           mux,\n\tReadHeaderTimeout: 5 * time.Second,\n}\nlog.Fatal(srv.ListenAndServe())",
	},
	"sql": {
		"PRAGMA journal_mode = WAL;\nPRAGMA synchronous = NORMAL;\nPRAGMA busy_timeout = 5000;",
		"CREATE INDEX idx_posts_date ON posts (date DESC, created DESC);\n\nEXPLAIN QUERY PLAN\nSELECT id, title FROM posts ORDER BY date DESC LIMIT 10;",
	},
	"typescript": {
		"export async function getJSON<T>(url: string): Promise<T> {\n  const res = await fetch(url, { headers: { Accept: 'application/json' } });\n  if (!res.ok) throw new Error(`HTTP ${res.status}`);\n  return (await res.json()) as T;\n}",
		"type State = { status: 'idle' } | { status: 'loading' } | { status: 'done'; items: Item[] };\n\nfunction reducer(state: State, action: Action): State {\n  switch (action.type) {\n    case 'load':\n      return { status: 'loading' };\n    default:\n      return state;\n  }\n}",
	},
	"bash": {
		"#!/usr/bin/env bash\nset -euo pipefail\n\nrsync -az --delete ./build/ deploy@example.org:/srv/app/\nssh deploy@example.org 'systemctl reload app'",
		"# keep the last seven nightly backups\nfind /var/backups/app -name '*.db.gz' -mtime +7 -delete\nsqlite3 /srv/app/data.db \".backup '/var/backups/app/$(date +%F).db'\"",
	},
	"css": {
		":root {\n  --text: #1f2933;\n  --background: #ffffff;\n}\n\n:focus-visible {\n  outline: 3px solid #2563eb;\n  outline-offset: 2px;\n}",
	},
	"html": {
		"<label for=\"email\">Email</label>\n<input id=\"email\" name=\"email\" type=\"email\" autocomplete=\"email\" required>\n<p id=\"email-hint\">We never share it.</p>",
	},
	"http": {
		"Content-Security-Policy: default-src 'self'; img-src 'self' data:; object-src 'none'\nCache-Control: public, max-age=60, stale-while-revalidate=300",
	},
}

// demoInlineCode are inline snippets sprinkled into technical paragraphs.
var demoInlineCode = []string{"go test ./...", "EXPLAIN QUERY PLAN", "Cache-Control", "useEffect", "context.Context", "PRAGMA journal_mode", "ssh-keygen -t ed25519", "aria-describedby"}

// demoDescription returns item i's description and its word count (as the site counts them).
func demoDescription(it demoItem) (string, int) {
	r := demoRand(it.index, 2)
	d := &descBuilder{r: r, deck: r.Perm(len(demoSentences)), technical: it.entry.lang != ""}
	target := demoMinWords + r.IntN(850) // the last section and the closing stay under demoMaxWords

	intro := demoBlogIntros
	if it.collection == c.Projects {
		intro = demoProjectIntros
	}
	d.para(fmt.Sprintf(intro[it.index%len(intro)], html.EscapeString(it.title)) + " " + d.sentences(2))
	d.para(d.sentences(3))
	headings := r.Perm(len(demoHeadings))
	for s := 0; d.words < target; s++ {
		d.block("<h2>" + demoHeadings[headings[s%len(headings)]] + "</h2>")
		d.para(d.sentences(3 + r.IntN(3)))
		switch (s + it.index) % 5 {
		case 0:
			d.nestedList()
		case 1:
			if it.entry.lang != "" {
				d.codeBlock(it.entry.lang)
			} else {
				d.quote()
			}
		case 2:
			d.block("<h3>" + demoSubheadings[r.IntN(len(demoSubheadings))] + "</h3>")
			d.para(d.sentences(2 + r.IntN(3)))
		case 3:
			d.quote()
		case 4:
			d.orderedList()
		}
		if r.IntN(2) == 0 {
			d.para(d.sentences(2 + r.IntN(3)))
		}
	}
	d.block("<h2>Wrapping up</h2>")
	d.para(d.sentences(2) + ` If you have questions, the <a href="https://github.com/alexmorgan-dev">code is on GitHub</a> and my inbox is open.`)
	return d.b.String(), d.words
}

var demoBlogIntros = []string{
	`<strong>%s</strong>: what I tried, what worked and what I would change.`,
	`This one has been on my list of things to write up for a while: <strong>%s</strong>.`,
	`A few readers asked me about this, so here are my notes. <em>%s</em> turned out to be a bigger topic than I expected.`,
}

var demoProjectIntros = []string{
	`<strong>%s</strong> started as a weekend experiment and grew into something I use every week.`,
	`I built <strong>%s</strong> because none of the existing tools did quite what I needed.`,
	`This page collects the story behind <em>%s</em>, how it is built and where it is going.`,
}

type descBuilder struct {
	r         *rand.Rand
	b         strings.Builder
	words     int
	deck      []int // a shuffled order of demoSentences, so a text rarely repeats one
	next      int
	technical bool // technical texts get inline code
}

func (d *descBuilder) block(s string) {
	d.b.WriteString(s)
	d.words += countWords(s)
}

func (d *descBuilder) para(s string) { d.block("<p>" + s + "</p>") }

// sentences joins the next n sentences of the deck, in technical texts sometimes with inline code.
func (d *descBuilder) sentences(n int) string {
	parts := make([]string, 0, n+1)
	for range n {
		parts = append(parts, demoSentences[d.deck[d.next%len(d.deck)]])
		d.next++
	}
	if d.technical && d.r.IntN(4) == 0 {
		parts = append(parts, fmt.Sprintf("The command I ran most was <code>%s</code>.", html.EscapeString(demoInlineCode[d.r.IntN(len(demoInlineCode))])))
	}
	return strings.Join(parts, " ")
}

func (d *descBuilder) nestedList() {
	p := d.r.Perm(len(demoListItems))
	var b strings.Builder
	b.WriteString("<ul>")
	for j := range 3 {
		b.WriteString("<li>" + demoListItems[p[j]])
		if j == 1 {
			b.WriteString("<ul><li>" + demoListItems[p[3]] + "</li><li>" + demoListItems[p[4]] + "</li></ul>")
		}
		b.WriteString("</li>")
	}
	b.WriteString("</ul>")
	d.block(b.String())
}

func (d *descBuilder) orderedList() {
	p := d.r.Perm(len(demoListItems))
	d.block("<ol><li>" + demoListItems[p[0]] + "</li><li>" + demoListItems[p[1]] +
		"<ol><li>" + demoListItems[p[2]] + "</li></ol></li><li>" + demoListItems[p[3]] + "</li></ol>")
}

func (d *descBuilder) quote() {
	d.block("<blockquote><p>" + demoQuotes[d.r.IntN(len(demoQuotes))] + "</p></blockquote>")
}

func (d *descBuilder) codeBlock(lang string) {
	snippets := demoCode[lang]
	code := snippets[d.r.IntN(len(snippets))]
	d.block(`<pre><code class="language-` + lang + `">` + html.EscapeString(code) + "</code></pre>")
}

// countWords counts the words of generated HTML as the site does: tags removed, block tags
// separating words, inline tags joining them.
func countWords(s string) int {
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			b.WriteString(s)
			break
		}
		b.WriteString(s[:i])
		j := strings.IndexByte(s[i:], '>')
		if j < 0 {
			break
		}
		name := strings.TrimPrefix(strings.Fields(s[i+1 : i+j])[0], "/")
		if demoBlockTags[name] {
			b.WriteByte(' ')
		}
		s = s[i+j+1:]
	}
	return len(strings.Fields(html.UnescapeString(b.String())))
}

var demoBlockTags = map[string]bool{"p": true, "h2": true, "h3": true, "ul": true, "ol": true, "li": true,
	"blockquote": true, "pre": true, "br": true, "div": true}
