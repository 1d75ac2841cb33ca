package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"

	c "github.com/folio/folio/collections"
)

// resetPasswordPath is where the reset email sends the account: the React app's
// /reset-password/{token} screen, under the app URL from settings.
const resetPasswordPath = "/reset-password/"

// Accounts: the reset-password email opens the site, not /_/, and carries the site's name;
// sign-in keeps PocketBase's auth rate limit on.
func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId(c.Users)
		if err != nil {
			return err
		}
		users.ResetPasswordTemplate = core.EmailTemplate{
			Subject: "Reset your " + core.EmailPlaceholderAppName + " password",
			Body: `<p>Hello,</p>
<p>Someone asked to reset the password of your ` + core.EmailPlaceholderAppName + ` account.
Click the button below to choose a new one.</p>
<p>
  <a class="btn" href="` + core.EmailPlaceholderAppURL + resetPasswordPath + core.EmailPlaceholderToken + `" target="_blank" rel="noopener">Reset password</a>
</p>
<p><i>If you didn't ask to reset your password, you can ignore this email.</i></p>
<p>
  Thanks,<br/>
  ` + core.EmailPlaceholderAppName + `
</p>`,
		}
		if err := app.Save(users); err != nil {
			return err
		}

		s := app.Settings()
		hasAuthRule := false
		for _, r := range s.RateLimits.Rules {
			if r.Label == "*:auth" {
				hasAuthRule = true
			}
		}
		if !hasAuthRule {
			s.RateLimits.Rules = append(s.RateLimits.Rules, core.RateLimitRule{Label: "*:auth", MaxRequests: 2, Duration: 3})
		}
		s.RateLimits.Enabled = true
		return app.Save(s)
	}, nil)
}
