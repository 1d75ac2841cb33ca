// Package collections holds the names and field constants of Folio's data model,
// shared by migrations, hooks, commands and tests. No HTTP here.
package collections

// Collection names.
const (
	Users         = "users"
	LoginAttempts = "loginAttempts"
	Blogs         = "blogs"
	Projects      = "projects"
	Profile       = "profile"
	About         = "about"
	Events        = "events"
	Likes         = "likes"
	// ItemImages holds the images of blog and project bodies (editor uploads and data: images
	// stored on save); an image's item is set once a saved body refers to it.
	ItemImages = "itemImages"
)

// Account statuses (users.status).
const (
	StatusPending  = "pending"
	StatusApproved = "approved"
	StatusRejected = "rejected"
	StatusRemoved  = "removed"
)

// Statuses lists every account status, in the order the select field declares them.
var Statuses = []string{StatusPending, StatusApproved, StatusRejected, StatusRemoved}

// Item types (events.type, likes.type, ItemSummary.type).
const (
	TypeBlog    = "blog"
	TypeProject = "project"
	TypeSite    = "site"
)

// Event actions (events.action).
const (
	ActionView    = "view"
	ActionLike    = "like"
	ActionShare   = "share"
	ActionComment = "comment"
)

// Field names shared by blogs and projects.
const (
	FieldTitle        = "title"
	FieldSearchTitle  = "searchTitle" // hidden: Unicode-folded title for case-insensitive search
	FieldDate         = "date"
	FieldAuthor       = "author"
	FieldMedia        = "media"
	FieldMediaAlt     = "mediaAlt" // the cover's alt text; the title when empty
	FieldDescription  = "description"
	FieldTags         = "tags"
	FieldCategories   = "categories"
	FieldAttachLinks  = "attachLinks" // blogs: [string]; about: [{title, url}]
	FieldAttachLink   = "attachLink"  // projects: string
	FieldLikeCount    = "likeCount"
	FieldShareCount   = "shareCount"
	FieldViewCount    = "viewCount"
	FieldCommentCount = "commentCount"
)

// users fields.
const (
	FieldStatus       = "status"
	FieldIsSuperAdmin = "isSuperAdmin"
	FieldIPAddress    = "ipAddress"
	FieldLocation     = "location" // json {city, country}
	FieldDeviceInfo   = "deviceInfo"
	FieldBrowserInfo  = "browserInfo"
	FieldBlockedUntil = "blockedUntil"
)

// loginAttempts, events and likes fields.
const (
	FieldAccount   = "account" // relation to users
	FieldEmail     = "email"
	FieldIP        = "ip"
	FieldUserAgent = "userAgent"
	FieldSuccess   = "success"
	FieldType      = "type"
	FieldItemID    = "itemId"
	FieldAction    = "action"
	FieldUserID    = "userId"
	FieldContent   = "content"
	FieldCity      = "city"
	FieldCountry   = "country"
	FieldVisitor   = "visitor" // salted hash of IP and User-Agent, never a raw IP
	FieldItem      = "item"    // likes: the liked blog or project id
)

// profile fields.
const (
	FieldHeading = "heading"
	FieldBio     = "bio"
	FieldImage   = "image"
	// FieldSocialLinks holds the left sidebar's links, JSON [{title, url}] like About's attachLinks.
	FieldSocialLinks = "socialLinks"
)

// AboutRichFields are About's rich-text sections, in API order.
var AboutRichFields = []string{
	"header", "profile", "skills", "experience", "courses", "projects",
	"awards", "languages", "interests", "references", "declaration",
}

// ItemImageURLPrefix starts the site-relative URL of every item image's file.
const ItemImageURLPrefix = "/api/files/" + ItemImages + "/"

// MaxTitleLength is the longest title an item may have (API.md: "Titles (at most 255 characters").
const MaxTitleLength = 255

// Upload limits (API.md "Admin routes").
const (
	MaxImageBytes = 10 << 20
	MaxVideoBytes = 50 << 20
	MaxLongSide   = 1920
	MaxMegapixels = 40
)

// Thumb sizes declared on image fields: cards and share images, the covers' and About
// image's middle widths (srcset on their pages; "f" fits inside the box and never upscales),
// and the list cards' small thumb.
const (
	ThumbCard   = "480x0"
	ThumbShare  = "1200x630"
	ThumbCoverM = "800x1600f"
	ThumbCoverL = "1200x2400f"
	ThumbCardS  = "264x192" // a list card's 132×96 thumb at twice its size
	ThumbAvatar = "256x256" // the profile image's avatar
)

// ImageMimeTypes are the accepted image uploads (SVG is refused).
var ImageMimeTypes = []string{"image/jpeg", "image/png", "image/gif", "image/webp"}

// AboutMediaMimeTypes add video to the images.
var AboutMediaMimeTypes = append(append([]string{}, ImageMimeTypes...), "video/mp4", "video/webm", "video/ogg", "video/quicktime")

// ItemCollection maps an item type to its collection name.
func ItemCollection(typ string) string {
	if typ == TypeProject {
		return Projects
	}
	return Blogs
}

// ItemType maps a collection name to its item type.
func ItemType(collection string) string {
	if collection == Projects {
		return TypeProject
	}
	return TypeBlog
}

// ItemCounters is the narrow table (not a collection) holding every item's engagement
// counters, keyed by (item, type): an engagement write moves a few bytes there instead of
// rewriting the item's wide row (migration 1763770200). Its counter columns carry the
// item fields' names. A missing row reads as zeros.
const (
	ItemCounters     = "itemCounters"
	FieldCounterItem = "item"
)

// CounterFields lists the item counters, in the order the items declare them.
var CounterFields = []string{FieldLikeCount, FieldShareCount, FieldViewCount, FieldCommentCount}

// Publishing (API.md "Publishing"): an item's status and, when scheduled, its publish time.
const (
	ItemPublished  = "published"
	ItemDraft      = "draft"
	ItemScheduled  = "scheduled"
	FieldPublishAt = "publishAt" // date; set only while scheduled
)

// ItemStatuses lists every item status, in the order the select field declares them.
var ItemStatuses = []string{ItemPublished, ItemDraft, ItemScheduled}

// Revisions keeps earlier versions of items (never public).
const (
	Revisions          = "revisions"
	FieldRevisionItem  = "item"          // the item's id
	FieldRevisionType  = "type"          // blog | project
	FieldRevisionBy    = "author"        // the saving account's email, or "superuser"
	FieldRevisionData  = "data"          // JSON of the fields as saved
	FieldPreviewSecret = "previewSecret" // hidden: signs an item's preview links; renewed to revoke them
)

// RevisionsKept is how many revisions each item keeps (the newest).
const RevisionsKept = 50

// The full-text index (migration 1763771000, package search): a plain FTS5 table, not a
// collection, over each item's title, body text, tags and categories; SearchDocs maps
// its rowids to (type, item) with the item's `updated` when it was indexed; SearchHead
// (migration 1764290000) holds the title, tags and categories again under the same rowids.
const (
	SearchIndex = "itemSearch"
	SearchDocs  = "itemSearchDocs"
	SearchHead  = "itemSearchHead"
)

// Redirects is the collection of old URLs (API.md "Moving in and out").
const (
	Redirects = "redirects"
	FieldFrom = "from"
	FieldTo   = "to"
	FieldCode = "code"
)
