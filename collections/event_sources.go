package collections

// events fields of a view's source (issue 28): where the visitor came from and on what.
// Nothing here identifies a person: a host, a campaign, a device class, a browser and
// system name, and the page's path.
const (
	FieldReferrer = "referrer" // the beacon's referrer as plain text, clipped
	FieldSource   = "source"   // the referrer's host or utm_source; "Direct" for none
	FieldMedium   = "medium"   // utm_medium
	FieldCampaign = "campaign" // utm_campaign
	FieldDevice   = "device"   // desktop, mobile or tablet
	FieldBrowser  = "browser"
	FieldOS       = "os"
	FieldPath     = "path" // the page's path, without its query
)

// AnalyticsRollups is the plain table (not a collection) of per-hour, per-day and
// per-month counts beside the events (analytics/rollups.go).
const AnalyticsRollups = "analyticsRollups"
