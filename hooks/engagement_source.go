package hooks

import (
	"encoding/json"
	"io"
	"net"
	"net/url"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/folio/folio/analytics"
	c "github.com/folio/folio/collections"
)

// A view beacon's body `{referrer?, path?}` (API.md): read leniently, for a view counts
// whatever its body holds; a body that is not that JSON names no source.
const maxBeaconBody = 8 << 10

type viewSource = analytics.Source

// readViewSource reads the beacon's body and User-Agent into the view's source.
func readViewSource(e *core.RequestEvent, ua string) viewSource {
	var body struct {
		Referrer any `json:"referrer"`
		Path     any `json:"path"`
	}
	if e.Request.Body != nil {
		raw, _ := io.ReadAll(io.LimitReader(e.Request.Body, maxBeaconBody))
		_ = json.Unmarshal(raw, &body)
	}
	ref, _ := body.Referrer.(string)
	path, _ := body.Path.(string)
	return analytics.ParseSource(ref, path, ua, ownHosts(e))
}

// ownHosts are the site's own host names: the request's, and the application URL's.
func ownHosts(e *core.RequestEvent) []string {
	hosts := []string{hostOnly(e.Request.Host)}
	if u, err := url.Parse(e.App.Settings().Meta.AppURL); err == nil && u.Hostname() != "" {
		hosts = append(hosts, u.Hostname())
	}
	return hosts
}

func hostOnly(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return h
	}
	return hostport
}

// sourceValue is the source's value of an events column (false: not a source column).
func sourceValue(s *viewSource, name string) (any, bool) {
	switch name {
	case c.FieldReferrer:
		return s.Referrer, true
	case c.FieldSource:
		return s.Source, true
	case c.FieldMedium:
		return s.Medium, true
	case c.FieldCampaign:
		return s.Campaign, true
	case c.FieldDevice:
		return s.Device, true
	case c.FieldBrowser:
		return s.Browser, true
	case c.FieldOS:
		return s.OS, true
	case c.FieldPath:
		return s.Path, true
	}
	return nil, false
}

// rollUp adds an inserted events row to the batch's rollups.
func (b *engagementBatch) rollUp(row *eventRow) {
	if b.tally == nil {
		b.tally = analytics.Tally{}
	}
	s := &row.ev.Source
	created := row.text
	if created == "" {
		created = row.stamp.String()
	}
	b.tally.AddEvent(&analytics.Event{Type: row.ev.Type, ItemID: row.ev.ItemID, Action: row.ev.Action, Created: created,
		Country: row.ev.Location.Country, City: row.ev.Location.City, Source: s.Source, Medium: s.Medium, Campaign: s.Campaign,
		Device: s.Device, Browser: s.Browser, OS: s.OS, Path: s.Path}, 1)
}

// rollupSQLs add a chunk of rollup rows.
var rollupSQLs = chunkTexts(analytics.UpsertSQL)

// flushRollups writes the batch's rollups, in its transaction.
func (b *engagementBatch) flushRollups() error {
	if len(b.tally) == 0 {
		return nil
	}
	rows := b.tally.Rows()
	args := make([]any, 0, 9*len(rows))
	for _, r := range rows {
		args = append(args, r[:]...)
	}
	return eachChunk(len(rows), func(from, to int) error {
		return b.exec(rollupSQLs[chunkIndex(to-from)], args[from*9:to*9]...)
	})
}

// bindRollupHooks adds an events record saved outside the writer (in /_/, by the records
// API, by a command) to the rollups, in the save's own transaction. Deleted and edited
// events, and likes, are kept by the rollups' triggers (analytics.Triggers).
func bindRollupHooks(app core.App) {
	app.OnRecordCreateExecute(c.Events).Bind(&hook.Handler[*core.RecordEvent]{
		Id: "folioEventRollups",
		Func: func(e *core.RecordEvent) error {
			if err := e.Next(); err != nil {
				return err
			}
			return AddEventRollups(e.App, []*analytics.Event{EventOf(e.Record)})
		},
	})
}

// EventOf is what the rollups need of an events record.
func EventOf(r *core.Record) *analytics.Event {
	return &analytics.Event{Type: r.GetString(c.FieldType), ItemID: r.GetString(c.FieldItemID), Action: r.GetString(c.FieldAction),
		Created: r.GetString("created"), Country: r.GetString(c.FieldCountry), City: r.GetString(c.FieldCity),
		Source: r.GetString(c.FieldSource), Medium: r.GetString(c.FieldMedium), Campaign: r.GetString(c.FieldCampaign),
		Device: r.GetString(c.FieldDevice), Browser: r.GetString(c.FieldBrowser), OS: r.GetString(c.FieldOS), Path: r.GetString(c.FieldPath)}
}

// AddEventRollups adds events to the rollups through app (a transaction's app, to be
// part of it).
func AddEventRollups(app core.App, events []*analytics.Event) error {
	t := analytics.Tally{}
	for _, ev := range events {
		t.AddEvent(ev, 1)
	}
	return analytics.WriteTally(app.NonconcurrentDB(), t)
}
