package move

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	neturl "net/url"
	"time"

	c "github.com/folio/folio/collections"
)

// imageClient fetches the covers an export names by URL (the old site, when reachable).
var imageClient = &http.Client{Timeout: 10 * time.Second}

// FetchImage downloads one image of at most 10 MB (Options.Fetch of the route and command).
func FetchImage(url string) ([]byte, error) {
	res, err := imageClient.Get(url)
	if err != nil {
		var ue *neturl.Error
		if errors.As(err, &ue) {
			if u, perr := neturl.Parse(url); perr == nil {
				return nil, fmt.Errorf("%s could not be reached", u.Host)
			}
		}
		return nil, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s answered %d", url, res.StatusCode)
	}
	b, err := io.ReadAll(io.LimitReader(res.Body, c.MaxImageBytes+1))
	if err == nil && len(b) > c.MaxImageBytes {
		err = fmt.Errorf("%s is over 10 MB", url)
	}
	return b, err
}
