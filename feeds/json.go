package feeds

import (
	"bytes"
	"encoding/json"

	"github.com/gorilla/feeds"
)

// JSONFeedVersion is the JSON Feed version /feed.json follows.
const JSONFeedVersion = "https://jsonfeed.org/version/1.1"

// jsonFeed is gorilla/feeds' JSON Feed 1.1 with `items` always present: the spec requires
// it, and the library omits an empty list.
type jsonFeed struct {
	feeds.JSONFeed
	Items []jsonItem `json:"items"`
}

// jsonItem keeps content_html even when empty: the spec requires content_html or
// content_text on every item, and an item's description may be empty.
type jsonItem struct {
	*feeds.JSONItem
	ContentHTML string `json:"content_html"`
}

// JSONFeed renders a JSON Feed 1.1.
func JSONFeed(d Channel) ([]byte, error) {
	f := jsonFeed{
		JSONFeed: feeds.JSONFeed{
			Version:     JSONFeedVersion,
			Title:       d.Title,
			HomePageUrl: d.Base,
			FeedUrl:     d.Base + "/feed.json",
			Description: d.Description,
		},
		Items: []jsonItem{},
	}
	for _, en := range d.Entries {
		it := &feeds.JSONItem{
			Id:            en.URL,
			Url:           en.URL,
			Title:         en.Title,
			Summary:       en.Excerpt,
			Image:         en.Image,
			PublishedDate: &en.Published,
			ModifiedDate:  &en.Updated,
			Tags:          en.Tags,
		}
		if en.Author != "" {
			it.Authors = []*feeds.JSONAuthor{{Name: en.Author}}
		}
		f.Items = append(f.Items, jsonItem{JSONItem: it, ContentHTML: en.Content})
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // content_html is HTML; \u003c escapes only bloat it
	enc.SetIndent("", "  ")
	if err := enc.Encode(f); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
