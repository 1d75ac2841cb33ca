package hooks

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/pocketbase/pocketbase/core"
)

// countAnswer writes what e.JSON writes for the same answer, and leaves ?fields= to
// e.JSON's picker.
func TestCountAnswerIsEJSON(t *testing.T) {
	answer := func(url string, write func(e *core.RequestEvent) error) *httptest.ResponseRecorder {
		t.Helper()
		e := &core.RequestEvent{}
		rec := httptest.NewRecorder()
		e.Response, e.Request = rec, httptest.NewRequest(http.MethodPost, url, nil)
		if err := write(e); err != nil {
			t.Fatal(err)
		}
		return rec
	}
	for _, n := range []int{0, 7, 1234567, -1} {
		for _, liked := range []*bool{nil, new(bool), func() *bool { b := true; return &b }()} {
			for _, url := range []string{"/api/like/x", "/api/like/x?fields=likeCount"} {
				got := answer(url, func(e *core.RequestEvent) error { return countAnswer(e, "likeCount", n, liked) })
				want := answer(url, func(e *core.RequestEvent) error {
					if liked != nil {
						return e.JSON(http.StatusOK, likeAnswer{Liked: *liked, LikeCount: n})
					}
					return e.JSON(http.StatusOK, map[string]int{"likeCount": n})
				})
				if got.Code != want.Code || got.Body.String() != want.Body.String() || got.Header().Get("Content-Type") != want.Header().Get("Content-Type") {
					t.Errorf("%s %d %v: %d %q %q, e.JSON %d %q %q", url, n, liked, got.Code, got.Body, got.Header().Get("Content-Type"),
						want.Code, want.Body, want.Header().Get("Content-Type"))
				}
			}
		}
	}
}
