package cache

import (
	"testing"

	"github.com/pocketbase/pocketbase/tests"
)

// A value whose key an invalidation keeps survives it, and a build that spans only
// invalidations keeping its key is stored; one that spans an invalidation dropping its key
// is answered but not stored (it may have read what that write changed).
func TestValuesKeptByInvalidateExcept(t *testing.T) {
	app, err := tests.NewTestApp()
	if err != nil {
		t.Fatal(err)
	}
	defer app.Cleanup()
	keepHidden := func(key string) bool { return key == "hidden" }
	builds := 0
	value := func(key string, during func()) {
		t.Helper()
		if _, err := Value(app, key, func() (any, error) {
			builds++
			if during != nil {
				during()
			}
			return builds, nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	value("hidden", nil)
	value("taxonomy", nil)
	InvalidateExcept(app, keepHidden)
	value("hidden", nil) // kept: no build
	value("taxonomy", nil)
	if builds != 3 {
		t.Fatalf("%d builds, want 3: hidden kept, taxonomy built again", builds)
	}

	Invalidate(app)
	value("hidden", func() { InvalidateExcept(app, keepHidden); InvalidateExcept(app, keepHidden) })
	value("hidden", nil) // stored: the build spanned only invalidations that keep it
	if builds != 4 {
		t.Fatalf("%d builds, want 4", builds)
	}
	Invalidate(app)
	value("hidden", func() { InvalidateExcept(app, keepHidden); InvalidateExcept(app, func(string) bool { return false }) })
	value("hidden", nil) // not stored: an invalidation it spanned dropped it
	if builds != 6 {
		t.Fatalf("%d builds, want 6", builds)
	}
}
