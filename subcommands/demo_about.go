package subcommands

// The demo profile and About page. About holds prose, lists, quotes and links only: its editor
// has no code, code blocks, images or video.

const demoBio = "Software engineer writing about Go, SQLite and the web. " +
	"I build small, dependable tools and write down what I learn along the way."

// demoAbout maps every About rich-text field (collections.AboutRichFields) to its HTML.
var demoAbout = map[string]string{
	"header": `<h1>Alex Morgan</h1><p><strong>Software engineer</strong> · Lisbon, Portugal · ` +
		`<a href="mailto:owner@folio.local">owner@folio.local</a></p>`,
	"profile": `<p>I am a backend-leaning software engineer with nine years of experience building web ` +
		`services, developer tools and the occasional mobile app. I like <em>boring technology</em>, ` +
		`clear documentation and teams that ship small changes often.</p>` +
		`<p>Lately I have been working on self-hosted software that runs happily on a single small ` +
		`server, and writing about what I learn on this site.</p>`,
	"skills": `<h2>Languages</h2><ul><li>Go (daily since 2017)</li><li>TypeScript and JavaScript</li>` +
		`<li>SQL, mostly SQLite and PostgreSQL</li><li>Bash</li></ul>` +
		`<h2>Tools and practices</h2><ul><li>Web: React, HTTP caching, accessibility audits<ul>` +
		`<li>WCAG 2.2 AA reviews</li><li>Performance budgets with Lighthouse</li></ul></li>` +
		`<li>Operations: Linux, systemd, Docker, Terraform</li><li>Testing: table-driven tests, fuzzing, ` +
		`end-to-end tests with Playwright</li></ul>`,
	"experience": `<h2>Staff Engineer, Northwind Labs</h2><p><em>2022 – present · remote</em></p>` +
		`<ul><li>Lead a team of five on the public API platform (40k requests a minute).</li>` +
		`<li>Cut p99 latency by 60% by reworking caching and database indexes.</li>` +
		`<li>Introduced design docs and a lightweight on-call rotation.</li></ul>` +
		`<h2>Senior Software Engineer, Brightside Health</h2><p><em>2018 – 2022 · Berlin</em></p>` +
		`<ul><li>Built the appointment-booking service in Go and its React admin.</li>` +
		`<li>Moved deployments from manual scripts to a CI pipeline with zero-downtime releases.</li></ul>` +
		`<h2>Software Engineer, Fieldnote</h2><p><em>2015 – 2018 · Porto</em></p>` +
		`<ul><li>Full-stack work on a survey tool used by 300 research teams.</li></ul>`,
	"courses": `<ul><li><strong>Distributed Systems</strong>, MIT 6.824 (self-study, 2021)</li>` +
		`<li><strong>Designing Data-Intensive Applications</strong> reading group (2020)</li>` +
		`<li><strong>Web Accessibility</strong>, W3C WAI (2019)</li>` +
		`<li>BSc Computer Science, University of Porto (2015)</li></ul>`,
	"projects": `<p>A few things I have built; more on the <a href="/projects">projects page</a>.</p>` +
		`<ol><li><strong>tinysearch</strong>: full-text search in 2,000 lines of Go.</li>` +
		`<li><strong>Folio</strong>: the self-hosted portfolio and blog that runs this site.</li>` +
		`<li><strong>Palette</strong>: an accessible colour picker for design systems.</li></ol>`,
	"awards": `<ul><li>Speaker, GopherCon EU 2024: “Boring databases for exciting products”</li>` +
		`<li>Northwind Labs engineering award, 2023</li>` +
		`<li>Google Summer of Code mentor, 2021 and 2022</li></ul>`,
	"languages": `<ul><li>English: fluent</li><li>Portuguese: native</li>` +
		`<li>German: conversational (B2)</li><li>Spanish: reading</li></ul>`,
	"interests": `<p>Hiking and trail running, film photography, mechanical keyboards, and cooking ` +
		`for more people than fit at my table.</p>` +
		`<blockquote><p>Slow is smooth, smooth is fast.</p></blockquote>`,
	"references": `<p><strong>Dana Whitfield</strong>, VP Engineering, Northwind Labs: ` +
		`<a href="mailto:dana@example.com">dana@example.com</a></p>` +
		`<p><strong>Tomás Ferreira</strong>, CTO, Brightside Health: ` +
		`<a href="mailto:tomas@example.com">tomas@example.com</a></p>` +
		`<p>More references on request.</p>`,
	"declaration": `<p>I declare that the information above is true and complete to the best of my ` +
		`knowledge.</p><p><em>Alex Morgan, Lisbon</em></p>`,
}

// demoSocialLinks are the profile's socialLinks (the left sidebar's icon links).
var demoSocialLinks = []map[string]string{
	{"title": "GitHub", "url": "https://github.com/alexmorgan-dev"},
	{"title": "LinkedIn", "url": "https://www.linkedin.com/in/alexmorgan-dev"},
	{"title": "Mastodon", "url": "https://hachyderm.io/@alexmorgan"},
	{"title": "Email", "url": "mailto:owner@folio.local"},
	{"title": "RSS", "url": "/rss.xml"},
}

// demoAboutLinks are About's attachLinks, stored as JSON [{title, url}].
var demoAboutLinks = []map[string]string{
	{"title": "GitHub", "url": "https://github.com/alexmorgan-dev"},
	{"title": "LinkedIn", "url": "https://www.linkedin.com/in/alexmorgan-dev"},
	{"title": "Mastodon", "url": "https://hachyderm.io/@alexmorgan"},
	{"title": "Email", "url": "mailto:owner@folio.local"},
}
