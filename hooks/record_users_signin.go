package hooks

import (
	"fmt"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/records"
)

// Sign-in protection (API.md "Accounts"): this many failures for one email within the
// window lock it for the lock duration.
const (
	signInMaxFailures = 5
	signInWindow      = 15 * time.Minute
	signInLock        = 15 * time.Minute
)

// bindSignInProtection records every password sign-in for users and locks an email
// after repeated failures.
func bindSignInProtection(app core.App) {
	app.OnRecordAuthWithPasswordRequest(c.Users).BindFunc(func(e *core.RecordAuthWithPasswordRequestEvent) error {
		now := now(e.App).UTC()
		acc := e.Record
		email := strings.TrimSpace(e.Identity)
		if acc != nil {
			email = acc.Email() // as stored: PocketBase's email lookup is case-sensitive
		}
		attempt := signInAttempt{account: acc, email: email, ip: e.RealIP(), userAgent: e.Request.UserAgent(), at: now}

		if until := lockedUntil(acc, now); !until.IsZero() {
			// Recorded but never counted: only failures after a lock ends start a new run.
			if err := attempt.save(e.App, false); err != nil {
				return err
			}
			return loginBlockedError(e.RequestEvent, until)
		}

		authErr := e.Next()
		if err := attempt.save(e.App, authErr == nil); err != nil {
			e.App.Logger().Error("Failed to record a sign-in attempt", "error", err, "email", email)
		}
		if authErr == nil {
			if acc != nil && !acc.GetDateTime(c.FieldBlockedUntil).IsZero() {
				clearBlockedUntil(e.App, acc.Id)
			}
			return nil
		}
		if acc == nil {
			return authErr
		}
		// The failure that reaches the limit answers as the failed sign-in it is (400);
		// the lock holds from the next attempt (API.md "Accounts").
		if _, err := lockIfTooManyFailures(e.App, acc, email, now); err != nil {
			e.App.Logger().Error("Failed to check sign-in failures", "error", err, "email", email)
		}
		return authErr
	})
}

// lockedUntil is acc's lock end when it is still in the future, else zero.
func lockedUntil(acc *core.Record, now time.Time) time.Time {
	if acc == nil {
		return time.Time{}
	}
	until := acc.GetDateTime(c.FieldBlockedUntil).Time()
	if until.After(now) {
		return until.UTC()
	}
	return time.Time{}
}

type signInAttempt struct {
	account   *core.Record
	email     string
	ip        string
	userAgent string
	at        time.Time
}

func (a signInAttempt) save(app core.App, success bool) error {
	col, err := app.FindCachedCollectionByNameOrId(c.LoginAttempts)
	if err != nil {
		return err
	}
	rec := core.NewRecord(col)
	if a.account != nil {
		rec.Set(c.FieldAccount, a.account.Id)
	}
	rec.Set(c.FieldEmail, records.ClipRunes(a.email, 255))
	rec.Set(c.FieldIP, records.ClipRunes(a.ip, 64))
	rec.Set(c.FieldUserAgent, records.ClipRunes(a.userAgent, 1024))
	rec.Set(c.FieldSuccess, success)
	rec.SetRaw("created", c.DBDate(a.at)) // on the injectable clock, not the autodate
	return app.Save(rec)
}

// lockIfTooManyFailures counts the current failure run of email and, at the limit,
// locks acc until now + signInLock. A run starts after the window, the last success
// and the end of the last lock, whichever is latest.
func lockIfTooManyFailures(app core.App, acc *core.Record, email string, now time.Time) (time.Time, error) {
	since := now.Add(-signInWindow)
	if prev := acc.GetDateTime(c.FieldBlockedUntil).Time(); prev.After(since) {
		since = prev
	}
	var lastSuccess types.DateTime
	err := app.DB().Select("coalesce(max(created), '')").From(c.LoginAttempts).
		Where(dbx.HashExp{c.FieldEmail: email, c.FieldSuccess: true}).Row(&lastSuccess)
	if err != nil {
		return time.Time{}, err
	}
	if t := lastSuccess.Time(); t.After(since) {
		since = t
	}
	var failures int
	err = app.DB().Select("count(*)").From(c.LoginAttempts).
		Where(dbx.HashExp{c.FieldEmail: email, c.FieldSuccess: false}).
		AndWhere(dbx.NewExp("created > {:since}", dbx.Params{"since": c.DBTime(since)})).
		Row(&failures)
	if err != nil || failures < signInMaxFailures {
		return time.Time{}, err
	}
	until := now.Add(signInLock).Truncate(time.Second)
	fresh, err := app.FindRecordById(c.Users, acc.Id)
	if err != nil {
		return time.Time{}, err
	}
	fresh.Set(c.FieldBlockedUntil, c.DBDate(until))
	if err := app.SaveNoValidate(fresh); err != nil {
		return time.Time{}, err
	}
	return until, nil
}

func clearBlockedUntil(app core.App, id string) {
	fresh, err := app.FindRecordById(c.Users, id)
	if err != nil {
		return
	}
	fresh.Set(c.FieldBlockedUntil, "")
	if err := app.SaveNoValidate(fresh); err != nil {
		app.Logger().Error("Failed to clear blockedUntil", "error", err, "account", id)
	}
}

// loginBlockedError is the 429 of a locked email; data carries the spec's login-blocked code.
func loginBlockedError(e *core.RequestEvent, until time.Time) error {
	at := until.UTC().Format(time.RFC3339)
	return e.TooManyRequestsError(
		fmt.Sprintf("Too many failed sign-in attempts. This account is locked until %s.", at),
		map[string]any{"code": rawErrorValue{"login-blocked"}, "blockedUntil": rawErrorValue{at}},
	)
}

// rawErrorValue passes a plain value through PocketBase's safe error data unchanged.
type rawErrorValue struct{ value any }

func (v rawErrorValue) Error() string              { return fmt.Sprint(v.value) }
func (v rawErrorValue) Resolve(map[string]any) any { return v.value }
