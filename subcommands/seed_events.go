package subcommands

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/analytics"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/engagement"
)

// SeedEvents writes n synthetic events over the last days days, through the same tables
// as live ones: events rows (with their sources), likes rows for likes (their events
// carry the likes rows' ids), the items' counters and the rollups, in big transactions of
// prepared multi-row statements. Proportions follow a small blog's traffic: about 45 %
// site views, 44 % item views, 5 % shares, 3 % likes (while accounts and items leave
// pairs to like) and 3 % comments, from a few thousand visitors.
func SeedEvents(app core.App, n, days int, now time.Time, out io.Writer) error {
	start := time.Now()
	items, err := seedItems(app)
	if err != nil {
		return err
	}
	g := newEventGen(n, days, now, items)
	if err := g.ensureReaders(app); err != nil {
		return err
	}
	db, ok := app.NonconcurrentDB().(*dbx.DB)
	if !ok {
		return fmt.Errorf("seed: the database is a %T", app.NonconcurrentDB())
	}
	conn, restore, err := seedConn(db.DB())
	if err != nil {
		return err
	}
	defer func() {
		_ = restore() // the pool's connection goes back as it was
		conn.Close()
	}()
	// One goroutine makes the chunks (events, likes, rollups, counters: all in Go) while
	// this one writes the previous chunk: SQLite's work and Go's overlap.
	stamps := g.stamps()
	chunks, stop := make(chan *seedChunk), make(chan struct{})
	go func() {
		defer close(chunks)
		for from := 0; from < len(stamps); from += seedEventsPerTx {
			select {
			case chunks <- g.chunk(stamps[from:min(from+seedEventsPerTx, len(stamps))]):
			case <-stop:
				return
			}
		}
	}()
	defer func() {
		close(stop)
		for range chunks { // let the maker finish
		}
	}()
	written := 0
	for ch := range chunks {
		if err := writeChunk(conn, g, ch); err != nil {
			return err
		}
		written += ch.events
		if out != nil && (written == len(stamps) || (written/seedEventsPerTx)%10 == 0) {
			fmt.Fprintf(out, "  %d/%d events (%s)\n", written, len(stamps), time.Since(start).Round(time.Millisecond))
		}
	}
	if out != nil {
		fmt.Fprintf(out, "Events: %d over %d days (%d likes) in %s\n", n, days, g.likes, time.Since(start).Round(time.Millisecond))
	}
	return nil
}

const (
	seedEventsPerTx = 50_000
	seedRowsPerStmt = 4 // the driver binds a statement's parameters in time growing with their number squared
)

type seedItem struct{ typ, id string }

func seedItems(app core.App) ([]seedItem, error) {
	var out []seedItem
	for _, typ := range []string{c.TypeBlog, c.TypeProject} {
		var ids []string
		if err := app.DB().Select("id").From(c.ItemCollection(typ)).OrderBy("id").Column(&ids); err != nil {
			return nil, err
		}
		for _, id := range ids {
			out = append(out, seedItem{typ, id})
		}
	}
	return out, nil
}

// seedPlaces are (country, city) with weights; seedSources are referrers (or a campaign)
// with weights; seedAgents are User-Agents with weights.
var (
	seedPlaces = []struct {
		country, city string
		w             int
	}{
		{"United States", "New York", 14}, {"United States", "San Francisco", 9}, {"United States", "Chicago", 5},
		{"United States", "", 4}, {"United Kingdom", "London", 10}, {"United Kingdom", "Manchester", 3}, {"Germany", "Berlin", 7},
		{"Germany", "Munich", 3}, {"France", "Paris", 6}, {"Netherlands", "Amsterdam", 4}, {"Sweden", "Stockholm", 3},
		{"Spain", "Madrid", 3}, {"Italy", "Milan", 2}, {"Poland", "Warsaw", 2}, {"Canada", "Toronto", 4}, {"Canada", "Vancouver", 2},
		{"India", "Bengaluru", 6}, {"India", "Mumbai", 3}, {"Japan", "Tokyo", 4}, {"Australia", "Sydney", 3}, {"Brazil", "São Paulo", 3},
		{"Singapore", "Singapore", 2}, {"South Korea", "Seoul", 2}, {"Ireland", "Dublin", 1}, {"Switzerland", "Zurich", 1}, {"", "", 3},
	}
	seedSources = []struct {
		referrer, utm string
		w             int
	}{
		{"", "", 38}, {"https://www.google.com/", "", 24}, {"https://news.ycombinator.com/item?id=4242", "", 8},
		{"https://t.co/abc123", "", 5}, {"https://www.reddit.com/r/programming/", "", 5}, {"https://www.linkedin.com/feed/", "", 4},
		{"https://github.com/", "", 4}, {"https://duckduckgo.com/", "", 3}, {"https://www.bing.com/", "", 2}, {"https://lobste.rs/", "", 2},
		{"", "?utm_source=newsletter&utm_medium=email&utm_campaign=monthly-digest", 3},
		{"https://mastodon.social/", "?utm_source=mastodon&utm_medium=social&utm_campaign=launch-week", 2},
	}
	seedAgents = []struct {
		ua string
		w  int
	}{
		{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", 22},
		{"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15", 12},
		{"Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", 7},
		{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0", 6},
		{"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", 8},
		{"Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", 20},
		{"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36", 17},
		{"Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", 4},
		{"Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", 2},
	}
	seedSitePaths = []string{"/", "/", "/", "/blogs", "/projects", "/about", "/blogs?page=2", "/search"}
	seedComments  = []string{"Great write-up, thanks!", "This helped me a lot.", "Could you say more about the setup?",
		"Bookmarked.", "I ran into the same problem last week.", "Lovely photos."}
)

// pick returns an index drawn by weights.
func pick[T any](r *rand.Rand, list []T, w func(T) int) int {
	total := 0
	for _, x := range list {
		total += w(x)
	}
	n := r.IntN(total)
	for i, x := range list {
		if n -= w(x); n < 0 {
			return i
		}
	}
	return len(list) - 1
}

// seedVisitor is one synthetic person: where, on what, and from where they usually come.
type seedVisitor struct {
	place, agent, source int
	device, browser, os  string
}

type eventGen struct {
	r        *rand.Rand
	n, days  int
	now      time.Time
	items    []seedItem
	people   []seedVisitor
	weights  []float64 // cumulative item popularity
	readers  []string  // accounts that like
	liked    map[[2]string]bool
	sources  map[[2]string]analytics.Source
	likeable int // pairs (item, reader) still free
	likes    int
	cols     []string
	insert   string // seedRowsPerStmt events rows
	insert1  string
}

func newEventGen(n, days int, now time.Time, items []seedItem) *eventGen {
	g := &eventGen{r: rand.New(rand.NewPCG(uint64(now.UnixNano()), 28)), n: n, days: days, now: now.UTC(), items: items, liked: map[[2]string]bool{},
		sources: map[[2]string]analytics.Source{}}
	people := min(max(n/40, 200), 5000)
	g.people = make([]seedVisitor, people)
	for i := range g.people {
		p := &g.people[i]
		p.place = pick(g.r, seedPlaces, func(x struct {
			country, city string
			w             int
		}) int {
			return x.w
		})
		p.agent = pick(g.r, seedAgents, func(x struct {
			ua string
			w  int
		}) int {
			return x.w
		})
		p.source = pick(g.r, seedSources, func(x struct {
			referrer, utm string
			w             int
		}) int {
			return x.w
		})
		p.device, p.browser, p.os = analytics.Device(seedAgents[p.agent].ua)
	}
	// A few items draw most views (Zipf-like).
	sum := 0.0
	for i := range items {
		sum += 1 / math.Pow(float64(i+1), 0.9)
		g.weights = append(g.weights, sum)
	}
	g.cols = []string{"id", c.FieldType, c.FieldItemID, c.FieldAction, c.FieldUserID, c.FieldEmail, c.FieldContent, c.FieldCity,
		c.FieldCountry, c.FieldVisitor, c.FieldReferrer, c.FieldSource, c.FieldMedium, c.FieldCampaign, c.FieldDevice, c.FieldBrowser,
		c.FieldOS, c.FieldPath, "created", "updated"}
	row := "(?" + strings.Repeat(", ?", len(g.cols)-1) + ")"
	head := `INSERT OR ROLLBACK INTO "` + c.Events + `" ("` + strings.Join(g.cols, `", "`) + `") VALUES `
	g.insert = head + row + strings.Repeat(", "+row, seedRowsPerStmt-1)
	g.insert1 = head + row
	return g
}

// stamps are n times over the window, sorted, busier lately and by day than by night.
func (g *eventGen) stamps() []int64 {
	span := float64(time.Duration(g.days) * 24 * time.Hour)
	out := make([]int64, g.n)
	end := g.now.UnixNano()
	for i := range out {
		// Growth: the density of events falls linearly from 3 (now) to 1 (the window's
		// start); u is the age as a fraction of the window, by the inverse of its CDF.
		u := (3 - math.Sqrt(9-8*g.r.Float64())) / 2
		t := end - int64(u*span)
		// Fewer at night (UTC 1-6 h): half of those move to the afternoon.
		if h := time.Unix(0, t).UTC().Hour(); h >= 1 && h < 6 && g.r.IntN(2) == 0 && t+int64(10*time.Hour) < end {
			t += int64(10 * time.Hour)
		}
		out[i] = t
	}
	slices.Sort(out)
	return out
}

// ensureReaders finds (or creates) the reader accounts whose likes the seed writes:
// enough for the likes asked, pending like any new registration. One is saved as a record
// (its password hashed once); the others copy its row with their own id, email and token key.
func (g *eventGen) ensureReaders(app core.App) error {
	if len(g.items) == 0 {
		return nil
	}
	want := min(max(g.n*3/100/len(g.items)*3/2, 10), 3000)
	var have []string
	if err := app.DB().Select("id").From(c.Users).Where(dbx.Like("email", "@seed.folio.invalid").Match(true, false)).
		OrderBy("email").Column(&have); err != nil {
		return err
	}
	if len(have) == 0 {
		col, err := app.FindCollectionByNameOrId(c.Users)
		if err != nil {
			return err
		}
		rec := core.NewRecord(col)
		rec.SetEmail("reader0000@seed.folio.invalid")
		rec.SetPassword(strconv.FormatInt(g.r.Int64(), 36) + strconv.FormatInt(g.r.Int64(), 36))
		rec.Set(c.FieldStatus, c.StatusPending)
		if err := app.Save(rec); err != nil {
			return err
		}
		have = []string{rec.Id}
	}
	if len(have) < want {
		col, err := app.FindCollectionByNameOrId(c.Users)
		if err != nil {
			return err
		}
		var cols, sel []string
		for _, name := range col.Fields.FieldNames() {
			cols = append(cols, `"`+name+`"`)
			switch name {
			case "id":
				sel = append(sel, "{:id}")
			case core.FieldNameEmail:
				sel = append(sel, "{:email}")
			case core.FieldNameTokenKey:
				sel = append(sel, "{:token}")
			default:
				sel = append(sel, `"`+name+`"`)
			}
		}
		q := `INSERT INTO "` + c.Users + `" (` + strings.Join(cols, ", ") + `) SELECT ` + strings.Join(sel, ", ") + ` FROM "` + c.Users + `" WHERE "id" = {:from}`
		err = app.RunInTransaction(func(tx core.App) error {
			for i := len(have); i < want; i++ {
				id := engagement.NewID()
				email := fmt.Sprintf("reader%04d-%s@seed.folio.invalid", i, id[:4])
				if _, err := tx.DB().NewQuery(q).Bind(dbx.Params{"id": id, "email": email, "token": engagement.NewID() + engagement.NewID() + engagement.NewID(),
					"from": have[0]}).Execute(); err != nil {
					return err
				}
				have = append(have, id)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	g.readers = have
	var pairs []struct {
		Item    string `db:"item"`
		Account string `db:"account"`
	}
	if err := app.DB().Select("item", "account").From(c.Likes).All(&pairs); err != nil {
		return err
	}
	for _, p := range pairs {
		g.liked[[2]string{p.Item, p.Account}] = true
	}
	g.likeable = len(g.items)*len(g.readers) - len(pairs)
	return nil
}

func (g *eventGen) item() seedItem {
	x := g.r.Float64() * g.weights[len(g.weights)-1]
	i, _ := slices.BinarySearch(g.weights, x)
	return g.items[min(i, len(g.items)-1)]
}

// seedConn is the seed's own connection to data.db, for its whole run, with settings for a
// bulk load that only it gets: a page cache that holds a transaction's pages (rather than
// spilling them and reading them back) and no fsync in the WAL's checkpoints (a crash
// during the seed may lose the seed; it leaves no other writer's data at risk, since the
// seed runs alone, beside no server). restore puts the connection's settings back.
func seedConn(db *sql.DB) (*sql.Conn, func() error, error) {
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, nil, err
	}
	var cache, sync int
	if err := conn.QueryRowContext(ctx, "PRAGMA cache_size").Scan(&cache); err == nil {
		err = conn.QueryRowContext(ctx, "PRAGMA synchronous").Scan(&sync)
	}
	if err == nil {
		_, err = conn.ExecContext(ctx, "PRAGMA cache_size = -131072; PRAGMA synchronous = OFF")
	}
	if err != nil {
		conn.Close()
		return nil, nil, err
	}
	restore := func() error {
		_, err := conn.ExecContext(ctx, fmt.Sprintf("PRAGMA cache_size = %d; PRAGMA synchronous = %d", cache, sync))
		return err
	}
	return conn, restore, nil
}

// Events and likes are inserted with OR ROLLBACK: a failed row fails the seed's
// whole transaction anyway, and then SQLite keeps no statement journal (the original of
// every page each multi-row statement changes, copied before it changes it), which took a
// fifth of the seed's time.
func (g *eventGen) prepare(ctx context.Context, tx *sql.Tx) (insert, insert1, like *sql.Stmt, err error) {
	if insert, err = tx.PrepareContext(ctx, g.insert); err != nil {
		return
	}
	if insert1, err = tx.PrepareContext(ctx, g.insert1); err != nil {
		return
	}
	like, err = tx.PrepareContext(ctx, `INSERT OR ROLLBACK INTO "`+c.Likes+`" ("id", "`+c.FieldItem+`", "type", "`+c.FieldAccount+
		`", "created", "updated") VALUES (?, ?, ?, ?, ?, ?)`)
	return
}

// source is the parsed source of a view from a referrer or campaign and a path (few of
// them: parsed once each).
func (g *eventGen) source(referrer, path string) analytics.Source {
	k := [2]string{referrer, path}
	if s, ok := g.sources[k]; ok {
		return s
	}
	s := analytics.ParseSource(referrer, path, "", nil)
	g.sources[k] = s
	return s
}

var actionIndex = map[string]int{c.ActionView: 0, c.ActionShare: 1, c.ActionComment: 2, c.ActionLike: 3}

// seedChunk is what one transaction of the seed writes.
type seedChunk struct {
	events   int
	args     []any // the events rows, len(g.cols) values each
	likes    []any // the likes rows, 6 values each
	rollups  [][9]any
	counters map[[2]string]*[4]int // (item, type) -> views, shares, comments, likes
}

// chunk makes the events of stamps, with their likes, the items' counters and the
// rollups (hours tallied per event, days and months from the hours, in key order).
func (g *eventGen) chunk(stamps []int64) *seedChunk {
	ch := &seedChunk{events: len(stamps), args: make([]any, 0, len(stamps)*len(g.cols)), counters: map[[2]string]*[4]int{}}
	tally := analytics.Tally{}
	for _, ns := range stamps {
		t := time.Unix(0, ns).UTC()
		stamp := t.Format("2006-01-02 15:04:05.000Z")
		person := g.r.IntN(len(g.people))
		p := &g.people[person]
		place := seedPlaces[p.place]
		ev := analytics.Event{Created: stamp, Country: place.country, City: place.city, Type: c.TypeSite, Action: c.ActionView}
		id := engagement.NewID()
		userID, email, content := "anonymous", "", ""
		var src analytics.Source
		k := g.r.IntN(100)
		if len(g.items) == 0 {
			k = 0
		}
		var it seedItem
		if k >= 45 {
			it = g.item()
			ev.Type, ev.ItemID = it.typ, it.id
		}
		switch {
		case k < 89: // a view, of the site or of an item
			ev.Action = c.ActionView
			source := seedSources[p.source]
			if g.r.IntN(3) == 0 { // not always from the usual place
				source = seedSources[g.r.IntN(len(seedSources))]
			}
			path := seedSitePaths[g.r.IntN(len(seedSitePaths))]
			if ev.Type != c.TypeSite {
				path = "/" + ev.Type + "s/" + ev.ItemID
			}
			utm := source.utm
			if utm != "" && strings.Contains(path, "?") {
				utm = "&" + utm[1:]
			}
			full := g.source(source.referrer, path+utm)
			src = analytics.Source{Referrer: source.referrer, Device: p.device, Browser: p.browser, OS: p.os,
				Source: full.Source, Medium: full.Medium, Campaign: full.Campaign, Path: full.Path}
		case k < 94:
			ev.Action = c.ActionShare
		case k < 97 && g.likeable > 0:
			reader := g.readers[g.r.IntN(len(g.readers))]
			if g.liked[[2]string{it.id, reader}] {
				ev.Action = c.ActionShare // that pair is taken: a share instead
				break
			}
			g.liked[[2]string{it.id, reader}] = true
			g.likeable--
			g.likes++
			ev.Action, userID = c.ActionLike, reader
			ch.likes = append(ch.likes, id, it.id, it.typ, reader, stamp, stamp)
		default:
			ev.Action = c.ActionComment
			email, content = fmt.Sprintf("reader%d@example.com", person), seedComments[g.r.IntN(len(seedComments))]
		}
		ev.Source, ev.Medium, ev.Campaign, ev.Device, ev.Browser, ev.OS, ev.Path = src.Source, src.Medium, src.Campaign, src.Device, src.Browser, src.OS, src.Path
		visitor := sha256.Sum256([]byte(strconv.Itoa(person) + "/" + stamp[:10]))
		ch.args = append(ch.args, id, ev.Type, ev.ItemID, ev.Action, userID, email, content, ev.City, ev.Country, hex.EncodeToString(visitor[:20]),
			src.Referrer, src.Source, src.Medium, src.Campaign, src.Device, src.Browser, src.OS, src.Path, stamp, stamp)
		tally.AddEventHour(&ev, 1) // the likes table's rollups are its trigger's
		if ev.Type != c.TypeSite {
			k := [2]string{ev.ItemID, ev.Type}
			cnt := ch.counters[k]
			if cnt == nil {
				cnt = &[4]int{}
				ch.counters[k] = cnt
			}
			cnt[actionIndex[ev.Action]]++
		}
	}
	tally.AddCoarser()
	ch.rollups = tally.SortedRows()
	return ch
}

// writeChunk writes a chunk in one transaction: events (likes as they come: a like's
// event carries its likes row's id), likes, rollups and counters.
func writeChunk(conn *sql.Conn, g *eventGen, ch *seedChunk) error {
	ctx := context.Background()
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	insert, insert1, likeInsert, err := g.prepare(ctx, tx)
	if err != nil {
		return err
	}
	width := len(g.cols)
	full := width * seedRowsPerStmt
	at := 0
	for ; at+full <= len(ch.args); at += full {
		if _, err := insert.Exec(ch.args[at : at+full]...); err != nil {
			return err
		}
	}
	for ; at < len(ch.args); at += width { // the rest, one row a statement
		if _, err := insert1.Exec(ch.args[at : at+width]...); err != nil {
			return err
		}
	}
	for at := 0; at < len(ch.likes); at += 6 {
		if _, err := likeInsert.Exec(ch.likes[at : at+6]...); err != nil {
			return err
		}
	}
	if err := writeRollupsTx(ctx, tx, ch.rollups); err != nil {
		return err
	}
	if err := addSeedCounters(ctx, tx, ch.counters); err != nil {
		return err
	}
	return tx.Commit()
}

const seedRollupsPerStmt = 8

// writeRollupsTx adds rollup rows to the rollups in tx, seedRollupsPerStmt rows a
// statement.
func writeRollupsTx(ctx context.Context, tx *sql.Tx, rows [][9]any) error {
	var full *sql.Stmt
	args := make([]any, 0, 9*seedRollupsPerStmt)
	for from := 0; from < len(rows); from += seedRollupsPerStmt {
		to := min(from+seedRollupsPerStmt, len(rows))
		args = args[:0]
		for _, r := range rows[from:to] {
			args = append(args, r[:]...)
		}
		var err error
		if to-from == seedRollupsPerStmt {
			if full == nil {
				if full, err = tx.PrepareContext(ctx, analytics.UpsertSQL(seedRollupsPerStmt)); err != nil {
					return err
				}
			}
			_, err = full.Exec(args...)
		} else {
			_, err = tx.ExecContext(ctx, analytics.UpsertSQL(to-from), args...)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// addSeedCounters adds a chunk's events to the items' counters, in its transaction.
func addSeedCounters(ctx context.Context, tx *sql.Tx, counters map[[2]string]*[4]int) error {
	for k, v := range counters {
		_, err := tx.ExecContext(ctx, `INSERT INTO "`+c.ItemCounters+`" ("`+c.FieldCounterItem+`", "type", "`+c.FieldViewCount+`", "`+c.FieldShareCount+`", "`+
			c.FieldCommentCount+`", "`+c.FieldLikeCount+`") VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET "`+
			c.FieldViewCount+`" = "`+c.FieldViewCount+`" + excluded."`+c.FieldViewCount+`", "`+
			c.FieldShareCount+`" = "`+c.FieldShareCount+`" + excluded."`+c.FieldShareCount+`", "`+
			c.FieldCommentCount+`" = "`+c.FieldCommentCount+`" + excluded."`+c.FieldCommentCount+`", "`+
			c.FieldLikeCount+`" = "`+c.FieldLikeCount+`" + excluded."`+c.FieldLikeCount+`"`, k[0], k[1], v[0], v[1], v[2], v[3])
		if err != nil {
			return err
		}
	}
	return nil
}
