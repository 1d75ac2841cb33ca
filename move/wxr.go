package move

import (
	"bytes"
	"encoding/xml"
	"html"
	"net/url"
	"regexp"
	"strings"
	"time"

	c "github.com/folio/folio/collections"
)

// wxr is the part of a WordPress eXtended RSS file (WXR 1.2) an import reads. Elements are
// matched by local name, but for the two "encoded" ones, told apart by namespace.
type wxr struct {
	XMLName xml.Name `xml:"rss"`
	Channel struct {
		Link    string `xml:"link"`
		Authors []struct {
			Login       string `xml:"author_login"`
			DisplayName string `xml:"author_display_name"`
		} `xml:"author"`
		Items []wxrItem `xml:"item"`
	} `xml:"channel"`
}

type wxrItem struct {
	Title      string `xml:"title"`
	Link       string `xml:"link"`
	GUID       string `xml:"guid"`
	Creator    string `xml:"http://purl.org/dc/elements/1.1/ creator"`
	Content    string `xml:"http://purl.org/rss/1.0/modules/content/ encoded"`
	PostID     string `xml:"post_id"`
	PostDate   string `xml:"post_date_gmt"`
	PostDateL  string `xml:"post_date"`
	PostName   string `xml:"post_name"`
	Status     string `xml:"status"`
	PostType   string `xml:"post_type"`
	Attachment string `xml:"attachment_url"`
	Categories []struct {
		Domain string `xml:"domain,attr"`
		Name   string `xml:",chardata"`
	} `xml:"category"`
	Meta []struct {
		Key   string `xml:"meta_key"`
		Value string `xml:"meta_value"`
	} `xml:"postmeta"`
}

// blockComment is a Gutenberg block delimiter (<!-- wp:paragraph -->, <!-- /wp:image -->).
var blockComment = regexp.MustCompile(`<!--\s*/?wp:[^>]*?-->`)

func parseWXR(data []byte) (*Parsed, error) {
	var f wxr
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	dec.Entity = xml.HTMLEntity
	if err := dec.Decode(&f); err != nil {
		return nil, badFile("The file is not a WordPress WXR file: %v.", err)
	}
	if f.XMLName.Local != "rss" || !bytes.Contains(data[:min(len(data), 8192)], []byte("wordpress.org/export/")) {
		return nil, badFile("The XML file is not a WordPress WXR export.")
	}
	names := map[string]string{}
	for _, a := range f.Channel.Authors {
		names[a.Login] = a.DisplayName
	}
	attachments, attachmentURLs := map[string]string{}, map[string]bool{}
	for _, it := range f.Channel.Items {
		if it.PostType == "attachment" && it.Attachment != "" {
			attachments[it.PostID] = it.Attachment
			attachmentURLs[it.Attachment] = true
		}
	}
	out := &Parsed{Format: "wordpress"}
	for _, it := range f.Channel.Items {
		switch it.PostType {
		case "post":
		case "attachment", "nav_menu_item", "wp_navigation", "wp_global_styles", "wp_template", "wp_template_part", "custom_css", "revision", "wp_block":
			continue
		default: // pages and other content types
			out.Skipped++
			continue
		}
		if it.Status == "trash" || it.Status == "auto-draft" || it.Status == "inherit" {
			out.Skipped++
			continue
		}
		title := html.UnescapeString(it.Title) // WordPress writes titles' entities encoded
		p := Post{
			Source: "wp:" + firstNonEmpty(it.GUID, it.Link, it.PostID), Label: firstNonEmpty(title, it.Link),
			Type: c.TypeBlog, Title: title, HTML: strings.TrimSpace(blockComment.ReplaceAllString(it.Content, "")),
			Author: firstNonEmpty(names[it.Creator], it.Creator, "Unknown"), Status: StatusPublished,
		}
		p.Date = wpDate(it.PostDateL, it.PostDate) // the calendar day as the site showed it
		switch it.Status {
		case "draft", "pending", "private":
			p.Status = StatusDraft
		case "future":
			p.Status, p.PublishAt = StatusScheduled, wpDate(it.PostDate, "")
		}
		for _, cat := range it.Categories {
			name := html.UnescapeString(strings.TrimSpace(cat.Name))
			switch {
			case name == "":
				continue
			case cat.Domain == "category" && name != "Uncategorized":
				p.Categories = append(p.Categories, name)
			case cat.Domain == "post_tag":
				p.Tags = append(p.Tags, name)
			}
		}
		for _, src := range imgSources(p.HTML) {
			if attachmentURLs[src] {
				p.BodyImages = append(p.BodyImages, src)
			}
		}
		for _, m := range it.Meta {
			if m.Key == "_thumbnail_id" {
				p.CoverURL = attachments[strings.TrimSpace(m.Value)]
			}
		}
		if u, err := url.Parse(it.Link); err == nil && u.Path != "" && u.Path != "/" && (u.RawQuery == "" || it.Status == "publish") {
			p.OldPath = u.Path
		}
		out.Posts = append(out.Posts, p)
	}
	return out, nil
}

// imgSrc is an <img>'s src attribute as WordPress writes it (double quotes).
var imgSrc = regexp.MustCompile(`<img\b[^>]*?\ssrc="([^"]+)"`)

func imgSources(html string) []string {
	var out []string
	for _, m := range imgSrc.FindAllStringSubmatch(html, -1) {
		out = append(out, m[1])
	}
	return out
}

// wpDate is the first of the times that is set (a draft leaves post_date_gmt zero).
func wpDate(first, second string) string {
	for _, s := range []string{first, second} {
		if t, err := time.Parse(time.DateTime, strings.TrimSpace(s)); err == nil && t.Year() > 1 {
			return t.Format(time.RFC3339)
		}
	}
	return ""
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s = strings.TrimSpace(s); s != "" {
			return s
		}
	}
	return ""
}
