package engagement

import (
	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/analytics"
	c "github.com/folio/folio/collections"
)

// Every event the writer inserts adds to the rollups (analytics/rollups.go) in its batch's
// transaction: the batch's Tally gathers the keys, and flushRollups writes each once.

// sourceValue is the source's value of an events column (false: not a source column).
func sourceValue(s *analytics.Source, name string) (any, bool) {
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
func (b *batch) rollUp(row *eventRow) {
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
func (b *batch) flushRollups() error {
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

// RollUpRecord adds an events record saved outside the writer (in /_/, by the records
// API, by a command) to the rollups, through app (the save's transaction). Deleted and
// edited events, and likes, are kept by the rollups' triggers (analytics.Triggers).
func RollUpRecord(app core.App, rec *core.Record) error {
	return addEventRollups(app, []*analytics.Event{eventOf(rec)})
}

// eventOf is what the rollups need of an events record.
func eventOf(r *core.Record) *analytics.Event {
	return &analytics.Event{Type: r.GetString(c.FieldType), ItemID: r.GetString(c.FieldItemID), Action: r.GetString(c.FieldAction),
		Created: r.GetString("created"), Country: r.GetString(c.FieldCountry), City: r.GetString(c.FieldCity),
		Source: r.GetString(c.FieldSource), Medium: r.GetString(c.FieldMedium), Campaign: r.GetString(c.FieldCampaign),
		Device: r.GetString(c.FieldDevice), Browser: r.GetString(c.FieldBrowser), OS: r.GetString(c.FieldOS), Path: r.GetString(c.FieldPath)}
}

// addEventRollups adds events to the rollups through app (a transaction's app, to be
// part of it).
func addEventRollups(app core.App, events []*analytics.Event) error {
	t := analytics.Tally{}
	for _, ev := range events {
		t.AddEvent(ev, 1)
	}
	return analytics.WriteTally(app.NonconcurrentDB(), t)
}
