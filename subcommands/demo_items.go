package subcommands

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	c "github.com/folio/folio/collections"
)

// DemoOwnerName is the demo site's owner: profile heading and most items' author.
const DemoOwnerName = "Alex Morgan"

// demoSpanDays is how far back demo dates reach (three years).
const demoSpanDays = 3 * 365

// demoGuests write about one item in seven.
var demoGuests = []string{"Priya Raman", "Jonas Weber", "Maya Chen", "Sam Okafor"}

// demoEntry is one base title with its topic; items beyond the list reuse it as "(part N)".
type demoEntry struct {
	title string
	main  string // "" for an uncategorized item
	sub   string // "" for an item with only a main category
	tags  []string
	lang  string // language of the code blocks in its description
	slug  string // projects: repository name of the attached link
}

// The tags are hand-picked per topic so that their use is skewed ("Go" in most items,
// "Open Source" or "Security" in few) and all 15 appear within the first 24 items.
var demoBlogs = []demoEntry{
	{"Building a tiny search engine in Go", "Engineering", "Backend", []string{"Go", "Performance", "Testing"}, "go", ""},
	{"Notes on SQLite WAL mode", "Engineering", "Databases", []string{"SQLite", "Performance", "Go"}, "sql", ""},
	{"What I learned shipping a React app without a framework", "Engineering", "Frontend", []string{"React", "TypeScript", "Web"}, "typescript", ""},
	{"Designing forms people can finish", "Design", "Interfaces", []string{"Design", "Accessibility", "Web"}, "html", ""},
	{"A year of maintaining an open-source library", "Open Source", "Community", []string{"Open Source", "Writing", "Go"}, "go", ""},
	{"Reading list: distributed systems for the rest of us", "Life", "Reading", []string{"Writing", "Career"}, "", ""},
	{"Why I still write shell scripts", "Engineering", "DevOps", []string{"Linux", "Tooling"}, "bash", ""},
	{"Mentoring junior developers remotely", "Career", "Mentoring", []string{"Career", "Writing"}, "", ""},
	{"Profiling Go services with pprof", "Engineering", "Backend", []string{"Go", "Performance", "Tooling"}, "go", ""},
	{"Zero-downtime deploys on a single VPS", "Engineering", "DevOps", []string{"Linux", "Security", "Go"}, "bash", ""},
	{"Colour contrast is not optional", "Design", "", []string{"Design", "Accessibility", "Web"}, "css", ""},
	{"Table-driven tests in practice", "", "", []string{"Go", "Testing"}, "go", ""},
	{"Content Security Policy without tears", "Engineering", "Frontend", []string{"Security", "Web"}, "http", ""},
	{"A week in Lisbon with a laptop", "Life", "Travel", []string{"Writing"}, "", ""},
	{"Interviewing as a senior engineer", "Career", "Interviews", []string{"Career"}, "", ""},
	{"Type-safe API clients with TypeScript", "Engineering", "Frontend", []string{"TypeScript", "Web", "React"}, "typescript", ""},
	{"The case for boring technology", "Engineering", "", []string{"Go", "SQLite", "Tooling"}, "go", ""},
	{"Indexing strategies for small databases", "Engineering", "Databases", []string{"SQLite", "Performance"}, "sql", ""},
	{"Writing release notes people actually read", "Open Source", "Releases", []string{"Open Source", "Writing"}, "", ""},
	{"Caching HTTP responses correctly", "Engineering", "Backend", []string{"Web", "Performance", "Go"}, "go", ""},
	{"A keyboard navigation checklist", "Design", "Interfaces", []string{"Accessibility", "Design"}, "html", ""},
	{"Hardening SSH on a fresh server", "Engineering", "DevOps", []string{"Linux", "Security"}, "bash", ""},
	{"Fuzzing an HTML sanitiser", "Engineering", "Backend", []string{"Go", "Security", "Testing"}, "go", ""},
	{"Notes from my first conference talk", "Career", "", []string{"Career", "Writing"}, "", ""},
	{"Migrating a side project from Postgres to SQLite", "Engineering", "Databases", []string{"SQLite", "Go"}, "sql", ""},
	{"State management without the drama", "Engineering", "Frontend", []string{"React", "TypeScript"}, "typescript", ""},
	{"Typography for developers", "Design", "Typography", []string{"Design", "Web"}, "css", ""},
	{"How I take notes on technical books", "Life", "Reading", []string{"Writing"}, "", ""},
	{"Observability on a budget", "Engineering", "DevOps", []string{"Tooling", "Linux", "Go"}, "go", ""},
	{"Contributing to a project you depend on", "Open Source", "Community", []string{"Open Source", "Go"}, "go", ""},
}

var demoProjects = []demoEntry{
	{"tinysearch: full-text search in 2,000 lines of Go", "Open Source", "Releases", []string{"Go", "Performance", "Open Source"}, "go", "tinysearch"},
	{"Folio: a self-hosted portfolio and blog", "Engineering", "Backend", []string{"Go", "SQLite", "React", "Web"}, "go", "folio"},
	{"poolwatch: a connection-pool dashboard", "Engineering", "Databases", []string{"Go", "Tooling"}, "go", "poolwatch"},
	{"Palette: an accessible colour picker", "Design", "Interfaces", []string{"Design", "Accessibility", "React"}, "typescript", "palette"},
	{"dotfiles: my shell, editor and terminal setup", "", "", []string{"Linux", "Tooling"}, "bash", "dotfiles"},
	{"Trailhead: offline hiking maps", "Life", "Travel", []string{"React", "TypeScript", "Web"}, "typescript", "trailhead"},
	{"sqlite-s3vfs: SQLite over object storage", "Engineering", "Databases", []string{"SQLite", "Go", "Performance"}, "go", "sqlite-s3vfs"},
	{"Runbook: incident checklists as code", "Engineering", "DevOps", []string{"Tooling", "Go", "Linux"}, "go", "runbook"},
	{"typed-fetch: a tiny typed HTTP client", "Open Source", "Releases", []string{"TypeScript", "Web", "Testing"}, "typescript", "typed-fetch"},
	{"Interview kata collection", "Career", "Interviews", []string{"Go", "Testing", "Career"}, "go", "katas"},
	{"Lighthouse budget bot", "Engineering", "Frontend", []string{"Performance", "Web", "Tooling"}, "typescript", "budget-bot"},
	{"gitleash: a secret scanner for Git hooks", "Engineering", "", []string{"Security", "Go", "Tooling"}, "go", "gitleash"},
	{"Markdown résumé builder", "Career", "", []string{"Writing", "Career", "Go"}, "go", "resume"},
	{"Focus Ring: a design-system audit tool", "Design", "", []string{"Accessibility", "Design", "TypeScript"}, "typescript", "focus-ring"},
	{"Homelab: a Raspberry Pi cluster", "Engineering", "DevOps", []string{"Linux"}, "bash", "homelab"},
	{"Benchmarks of Go HTML sanitisers", "Engineering", "Backend", []string{"Go", "Security", "Performance"}, "go", "sanitiser-bench"},
	{"Bookshelf: a reading tracker", "Life", "Reading", []string{"React", "SQLite", "Writing"}, "typescript", "bookshelf"},
	{"Feedcraft: RSS, Atom and JSON Feed generator", "Open Source", "Releases", []string{"Go", "Web"}, "go", "feedcraft"},
	{"contrast: a colour contrast checker CLI", "Design", "Interfaces", []string{"Accessibility", "Tooling"}, "go", "contrast"},
	{"Changelog generator from commit messages", "Open Source", "Community", []string{"Open Source", "Writing", "Go"}, "go", "changelog"},
	{"Terraform modules for small teams", "Engineering", "DevOps", []string{"Tooling", "Security", "Linux"}, "bash", "tf-modules"},
	{"Realtime chat on PocketBase", "Engineering", "Backend", []string{"Go", "React", "Web"}, "go", "pb-chat"},
	{"loadgen: a load-testing harness", "Engineering", "", []string{"Performance", "Testing", "Go"}, "go", "loadgen"},
	{"Type-checked i18n strings", "Engineering", "Frontend", []string{"TypeScript", "React", "Testing"}, "typescript", "typed-i18n"},
	{"Photo journal", "Life", "Travel", []string{"Web", "Design"}, "css", "photo-journal"},
	{"migralint: a schema migration linter", "Engineering", "Databases", []string{"SQLite", "Testing", "Go"}, "go", "migralint"},
	{"Mentor Match: pairing juniors with mentors", "Career", "Mentoring", []string{"Career", "React"}, "typescript", "mentor-match"},
	{"A tiny CSS framework", "Design", "Typography", []string{"Design", "Web"}, "css", "tiny-css"},
	{"A log shipper in 300 lines", "Engineering", "DevOps", []string{"Go", "Linux"}, "go", "logship"},
	{"Password-strength meter", "", "", []string{"Security", "TypeScript"}, "typescript", "strength"},
}

// demoReadingLinks are plain links attached to blogs (never fetched).
var demoReadingLinks = []string{
	"https://go.dev/doc/effective_go",
	"https://www.sqlite.org/wal.html",
	"https://developer.mozilla.org/en-US/docs/Web/HTTP/Caching",
	"https://www.w3.org/WAI/WCAG22/quickref/",
	"https://react.dev/learn",
	"https://pkg.go.dev/testing",
	"https://www.typescriptlang.org/docs/handbook/intro.html",
	"https://owasp.org/www-project-top-ten/",
	"https://pocketbase.io/docs/",
	"https://martinfowler.com/articles/practical-test-pyramid.html",
}

// demoItem is everything the seed writes for item number i (0-based, blogs and projects alternating).
type demoItem struct {
	index      int
	collection string
	title      string
	date       time.Time
	author     string
	entry      demoEntry
	categories []string
	links      []string // blogs
	link       string   // projects
	cover      bool
}

// demoCollection: even indexes are blogs, odd ones projects, so N items split half and half
// (blogs get the extra one) and a larger N only appends.
func demoCollection(i int) (string, int) {
	if i%2 == 0 {
		return c.Blogs, i / 2
	}
	return c.Projects, i / 2
}

// demoTitle is unique per collection for any k: the base list, then "(part N)" rounds.
func demoTitle(list []demoEntry, k int) string {
	e := list[k%len(list)]
	if round := k / len(list); round > 0 {
		return fmt.Sprintf("%s (part %d)", e.title, round+1)
	}
	return e.title
}

// demoRand is a deterministic generator per item and purpose.
func demoRand(i int, purpose uint64) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(i)+1, 0x9e3779b97f4a7c15^purpose))
}

// demoDate spreads items over the last three years with a golden-ratio sequence, so any N
// covers the span evenly; item 0 is dated today, so the demo always has a fresh post.
func demoDate(i int, today time.Time) time.Time {
	_, frac := math.Modf(float64(i) * 0.6180339887498949)
	return today.AddDate(0, 0, -int(frac*demoSpanDays))
}

// newDemoItem builds item i; today is the UTC day the dates count back from.
func newDemoItem(i int, today time.Time) demoItem {
	col, k := demoCollection(i)
	list := demoBlogs
	if col == c.Projects {
		list = demoProjects
	}
	e := list[k%len(list)]
	it := demoItem{
		index:      i,
		collection: col,
		title:      demoTitle(list, k),
		date:       demoDate(i, today),
		author:     DemoOwnerName,
		entry:      e,
		categories: []string{},
		cover:      i%3 != 2 && i < demoCoverLimit,
	}
	if i%7 == 5 {
		it.author = demoGuests[(i/7)%len(demoGuests)]
	}
	if e.main != "" {
		it.categories = append(it.categories, e.main)
		if e.sub != "" {
			it.categories = append(it.categories, e.sub)
		}
	}
	r := demoRand(i, 1)
	if col == c.Blogs {
		it.links = []string{}
		for n := r.IntN(4); len(it.links) < n; {
			l := demoReadingLinks[r.IntN(len(demoReadingLinks))]
			if !slices.Contains(it.links, l) {
				it.links = append(it.links, l)
			}
		}
	} else if k%5 != 4 {
		it.link = "https://github.com/alexmorgan-dev/" + e.slug
	}
	return it
}
