package testutil

import (
	"bytes"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/router"

	c "github.com/folio/folio/collections"
)

// Role is who sends a scenario's request. The zero Role is a guest.
type Role struct {
	Name       string
	Status     string // account status; "" for a guest or a superuser
	SuperAdmin bool   // the account's isSuperAdmin flag
	Superuser  bool   // a PocketBase superuser (what /_/ uses), not a users account
}

// The callers of the API's access matrix.
var (
	Guest             = Role{Name: "guest"}
	Pending           = Role{Name: "pending", Status: c.StatusPending}
	Rejected          = Role{Name: "rejected", Status: c.StatusRejected}
	Removed           = Role{Name: "removed", Status: c.StatusRemoved}
	Admin             = Role{Name: "admin", Status: c.StatusApproved}
	SuperAdmin        = Role{Name: "superadmin", Status: c.StatusApproved, SuperAdmin: true}
	Superuser         = Role{Name: "superuser", Superuser: true}
	PendingSuperAdmin = Role{Name: "pending super admin", Status: c.StatusPending, SuperAdmin: true}
)

// CallerEmail is the email of the account a scenario signs in as, unless it names another.
const CallerEmail = "caller@folio.test"

// File is an upload of a multipart scenario body.
type File struct {
	Name string
	Data []byte
}

// Scenario is one HTTP request made against a fresh test app by a caller of some Role,
// with what its answer must hold. Every scenario says what it checks in the body:
// Content/NotContent, field Errors, nothing at all for a 204, or StatusOnly with the reason
// an error's body does not matter.
type Scenario struct {
	Name, Method, URL string
	As                Role   // the caller; the zero Role is a guest
	Email             string // the caller account's email (CallerEmail when empty)

	JSON    string            // a JSON body, or
	Fields  map[string]string // a multipart body's fields
	Files   map[string]File   // and uploads, keyed by form field
	Headers map[string]string

	Status     int
	Content    []string          // substrings the body must hold
	NotContent []string          // substrings it must not hold
	Errors     map[string]string // field errors under data: field -> exact message ("*" any)
	StatusOnly string            // why only the status matters (error answers only)

	Setup func(t testing.TB, app *tests.TestApp)                     // after the caller is created
	After func(t testing.TB, app *tests.TestApp, res *http.Response) // more checks on the answer
	Then  []Step                                                     // follow-up requests, same app and caller
}

// Test runs the scenario as a subtest of t.
func (s Scenario) Test(t *testing.T) {
	sc := s.api(t)
	sc.Test(t)
}

// api builds the PocketBase ApiScenario; a scenario that says nothing of its body fails.
func (s Scenario) api(t testing.TB) tests.ApiScenario {
	headers := map[string]string{}
	for k, v := range s.Headers {
		headers[k] = v
	}
	var body io.Reader
	switch {
	case s.JSON != "":
		body = strings.NewReader(s.JSON)
		headers["Content-Type"] = "application/json"
	case s.Fields != nil || s.Files != nil:
		var ct string
		body, ct = Multipart(t, s.Fields, s.Files)
		headers["Content-Type"] = ct
	}
	name := s.Name
	if s.As.Name != "" {
		name = s.As.Name + ": " + name
	}
	sc := tests.ApiScenario{
		Name:               name,
		Method:             s.Method,
		URL:                s.URL,
		Body:               body,
		Headers:            headers,
		ExpectedStatus:     s.Status,
		ExpectedContent:    s.Content,
		NotExpectedContent: s.NotContent,
		TestAppFactory: Factory(func(t testing.TB, app *tests.TestApp) {
			if auth := s.caller(t, app); auth != "" {
				headers["Authorization"] = auth
			}
			if s.Setup != nil {
				s.Setup(t, app)
			}
		}),
	}
	bodyless := len(s.Content) == 0 && len(s.NotContent) == 0
	switch {
	case s.Errors != nil:
		// PocketBase's JSON maps have no fixed key order, so the errors are decoded; the
		// status in the body shows it is an error answer at all.
		sc.ExpectedContent = append(sc.ExpectedContent, `"status":`+strconv.Itoa(s.Status))
	case s.StatusOnly != "" && bodyless:
		if s.Status < 400 {
			t.Fatalf("%s: StatusOnly is for error answers; a %d must assert its body", name, s.Status)
		}
		sc.ExpectedContent = []string{`"status":` + strconv.Itoa(s.Status)} // an error answer, whatever its message
	case bodyless && s.Status != http.StatusNoContent:
		t.Fatalf("%s: assert the body (Content, NotContent, Errors) or say why only the status matters (StatusOnly)", name)
	}
	var r *router.Router[*core.RequestEvent] // the scenario's own router, for Then
	sc.BeforeTestFunc = func(t testing.TB, app *tests.TestApp, e *core.ServeEvent) { r = e.Router }
	sc.AfterTestFunc = func(t testing.TB, app *tests.TestApp, res *http.Response) {
		if s.Errors != nil {
			CheckFieldErrors(t, res, s.Errors)
		}
		if s.After != nil {
			s.After(t, app, res)
		}
		for _, step := range s.Then {
			step.run(t, r, headers["Authorization"])
		}
	}
	return sc
}

// caller creates the scenario's caller in app and returns its Authorization value.
func (s Scenario) caller(t testing.TB, app *tests.TestApp) string {
	switch {
	case s.As.Superuser:
		return SuperuserToken(t, app)
	case s.As.Status != "":
		email := s.Email
		if email == "" {
			email = CallerEmail
		}
		return Token(t, CreateUser(t, app, email, s.As.Status, s.As.SuperAdmin))
	}
	return ""
}

// Step is a follow-up request of a Scenario, made with the same app and caller.
type Step struct {
	Method, URL string
	Fields      map[string]string
	Files       map[string]File
	Status      int
	Content     []string
}

func (st Step) run(t testing.TB, r *router.Router[*core.RequestEvent], auth string) {
	t.Helper()
	body, ct := Multipart(t, st.Fields, st.Files)
	req := httptest.NewRequest(st.Method, st.URL, body)
	req.Header.Set("Content-Type", ct)
	req.Header.Set("Authorization", auth)
	mux, err := r.BuildMux()
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, req)
	if rec.Code != st.Status {
		t.Errorf("%s %s: status %d, want %d: %s", st.Method, st.URL, rec.Code, st.Status, rec.Body.String())
	}
	for _, want := range st.Content {
		if !bytes.Contains(rec.Body.Bytes(), []byte(want)) {
			t.Errorf("%s %s: no %s in %s", st.Method, st.URL, want, rec.Body.String())
		}
	}
}

// Multipart builds a multipart body; files are keyed by form field.
func Multipart(t testing.TB, fields map[string]string, files map[string]File) (io.Reader, string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		if err := w.WriteField(k, v); err != nil {
			t.Fatal(err)
		}
	}
	for k, f := range files {
		part, err := w.CreateFormFile(k, f.Name)
		if err != nil {
			t.Fatal(err)
		}
		part.Write(f.Data)
	}
	w.Close()
	return &buf, w.FormDataContentType()
}

// CheckFieldErrors decodes an error body and compares its field messages ("*" accepts any).
func CheckFieldErrors(t testing.TB, res *http.Response, want map[string]string) {
	t.Helper()
	var body struct {
		Data map[string]struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"data"`
	}
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil {
		t.Fatalf("error body: %v", err)
	}
	for field, msg := range want {
		got, ok := body.Data[field]
		if !ok {
			t.Errorf("no error for %q in %+v", field, body.Data)
		} else if msg != "*" && got.Message != msg {
			t.Errorf("%s error = %q, want %q", field, got.Message, msg)
		}
	}
	if len(body.Data) != len(want) {
		t.Errorf("errors = %+v, want fields %v", body.Data, want)
	}
}
