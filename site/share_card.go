package site

import "github.com/folio/folio/catalog"

// ShareCardPath is where an item's generated share card is served: outside /api/, so
// crawlers that obey robots.txt fetch it.
func ShareCardPath(typ, id string) string { return "/share-card/" + typ + "/" + id + ".png" }

// itemShareImage is the one choice of an item page's og:image and twitter:image (absolute):
// its cover, else the owner's profile image, else the card drawn with the site's name and
// the item's title.
func (sc siteContext) itemShareImage(d *catalog.ItemDetail) string {
	switch {
	case d.Media != nil && *d.Media != "":
		return absURL(sc.base, shareThumb(*d.Media))
	case sc.profileShare != "":
		return sc.profileShare
	default:
		return sc.base + ShareCardPath(d.Type, d.ID)
	}
}
