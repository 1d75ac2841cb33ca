package pages

import (
	"bytes"
	"fmt"
	"regexp"
)

// Shell is the built index.html (the React app: sign-in and the dashboard) cut where a page's
// head and content go: its own <title>, meta description and <noscript> note are dropped, so
// each page carries exactly one. The head gets ThemeScript, so the page paints in the
// reader's colour scheme.
type Shell struct {
	beforeHead, beforeRoot, afterRoot []byte
}

var (
	shellTitle = regexp.MustCompile(`(?is)\s*<title\b[^>]*>.*?</title>`)
	shellDesc  = regexp.MustCompile(`(?is)\s*<meta\s+name="description"[^>]*>`)
	shellNoJS  = regexp.MustCompile(`(?is)\s*<noscript\b[^>]*>.*?</noscript>`)
)

const rootOpen, rootClose = `<div id="root">`, `</div>`

// NewShell cuts index.html; it must have a </head> and an empty <div id="root"></div>.
func NewShell(index []byte) (*Shell, error) {
	doc := shellTitle.ReplaceAll(index, nil)
	doc = shellDesc.ReplaceAll(doc, nil)
	doc = shellNoJS.ReplaceAll(doc, nil)
	head := bytes.Index(doc, []byte("</head>"))
	root := bytes.Index(doc, []byte(rootOpen+rootClose))
	if head < 0 || root < head {
		return nil, fmt.Errorf("index.html has no </head> followed by an empty %s%s", rootOpen, rootClose)
	}
	beforeHead := append(append(append([]byte{}, doc[:head]...), "<script>"+ThemeScript+"</script>"...), '\n')
	return &Shell{
		beforeHead: beforeHead,
		beforeRoot: doc[head:root],
		afterRoot:  doc[root+len(rootOpen)+len(rootClose):],
	}, nil
}

// Render is the page: head tags before </head>, content inside the root element (what shows
// until the app renders).
func (s *Shell) Render(head, content string) []byte {
	out := make([]byte, 0, len(s.beforeHead)+len(head)+len(s.beforeRoot)+len(content)+len(s.afterRoot)+32)
	out = append(out, s.beforeHead...)
	out = append(out, head...)
	out = append(out, s.beforeRoot...)
	out = append(out, rootOpen...)
	out = append(out, content...)
	out = append(out, rootClose...)
	return append(out, s.afterRoot...)
}
