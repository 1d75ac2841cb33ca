package move

import (
	"fmt"
	neturl "net/url"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// ghostURL is what Ghost (4 and later) writes for its own address in an export, so the file
// can be restored under another: "__GHOST_URL__/content/images/2023/11/cover.png" in
// feature_image and in the HTML. The export names no address and holds no image files.
const ghostURL = "__GHOST_URL__"

// SiteURL checks the old site's address given for an import: an absolute http(s) URL,
// returned without a trailing slash; "" stays "".
func SiteURL(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", nil
	}
	u, err := neturl.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("the old site's address must be a URL like https://example.com")
	}
	return strings.TrimRight(u.String(), "/"), nil
}

// resolveGhostURLs replaces Ghost's placeholder in the posts. Links become site paths (the
// old posts' paths redirect to their new pages). Images come from the old site when its
// address is known (site: fetched into the item like WordPress attachments, kept as links to
// the old site when they cannot be); otherwise they are left out, with one warning per post.
func resolveGhostURLs(parsed *Parsed, site string) {
	if parsed.Format != "ghost" {
		return
	}
	for i := range parsed.Posts {
		p := &parsed.Posts[i]
		var dropped int
		if strings.Contains(p.HTML, ghostURL) {
			p.HTML, p.BodyImages, dropped = resolveGhostHTML(p.HTML, site)
		}
		if rest, ok := strings.CutPrefix(p.CoverURL, ghostURL); ok {
			if site != "" {
				p.CoverURL = site + rest
			} else {
				p.CoverURL = ""
				parsed.fileErrors = append(parsed.fileErrors, ItemError{Source: p.Label,
					Message: "Feature image not imported: a Ghost export holds no images. Import again with the old site's address, or add it to the post."})
			}
		}
		if dropped > 0 {
			parsed.fileErrors = append(parsed.fileErrors, ItemError{Source: p.Label, Message: fmt.Sprintf(
				"%d %s left out: a Ghost export holds no images. Import again with the old site's address, or add them to the post.",
				dropped, plural(dropped, "image", "images"))})
		}
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// resolveGhostHTML resolves the placeholder in one post's HTML: the images of the old site
// it then shows (to fetch), and the number of images left out.
func resolveGhostHTML(s, site string) (out string, images []string, dropped int) {
	body := &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body}
	nodes, err := html.ParseFragment(strings.NewReader(s), body)
	if err != nil {
		return strings.ReplaceAll(s, ghostURL, site), nil, 0
	}
	for _, n := range nodes {
		body.AppendChild(n)
	}
	var remove []*html.Node
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			keep := n.Attr[:0]
			for _, a := range n.Attr {
				rest, ok := strings.CutPrefix(a.Val, ghostURL)
				switch {
				case !strings.Contains(a.Val, ghostURL):
				case a.Key == "srcset" || a.Key == "sizes":
					continue // the item keeps one stored file per image
				case a.Key == "href" && ok && !strings.HasPrefix(rest, "/content/"):
					a.Val = firstNonEmpty(rest, "/") // a page of the old site: its path here, redirected
				case site != "":
					a.Val = strings.ReplaceAll(a.Val, ghostURL, site) // the old site's file
					if a.Key == "src" && n.DataAtom == atom.Img {
						images = append(images, a.Val)
					}
				case a.Key == "src":
					remove = append(remove, n) // an image or media file nobody has
				default:
					continue // a file link or attribute that would point nowhere
				}
				keep = append(keep, a)
			}
			n.Attr = keep
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(body)
	for _, n := range remove {
		if n.Parent != nil {
			n.Parent.RemoveChild(n)
			if n.DataAtom == atom.Img {
				dropped++
			}
		}
	}
	var b strings.Builder
	for c := body.FirstChild; c != nil; c = c.NextSibling {
		if err := html.Render(&b, c); err != nil {
			return strings.ReplaceAll(s, ghostURL, site), nil, 0
		}
	}
	return b.String(), images, dropped
}
