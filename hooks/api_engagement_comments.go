package hooks

import (
	"net/http"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/ozzo-validation/v4/is"
	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
)

// Comment limits and answers (API.md "Public routes").
const (
	CommentMaxLength = 5000
	commentMaxEmail  = 255
	msgCommentSaved  = "Comment submitted successfully!"
	msgCommentBlank  = "Please enter both a comment and an email."
	msgCommentFailed = "Failed to submit comment."
)

// commentForm is the body of POST /api/comment/{id}; a userId in it is ignored.
type commentForm struct {
	Email   string `json:"email" form:"email"`
	Content string `json:"content" form:"content"`
}

// Validate trims the fields and checks them; errors are keyed by field.
func (f *commentForm) Validate() error {
	f.Email = strings.TrimSpace(f.Email)
	f.Content = strings.TrimSpace(strings.ReplaceAll(f.Content, "\x00", ""))
	return validation.Errors{
		"content": validation.Validate(f.Content,
			validation.Required.Error("Please enter a comment."),
			validation.RuneLength(0, CommentMaxLength).Error("The comment must be at most 5000 characters."),
		),
		"email": validation.Validate(f.Email,
			validation.Required.Error("Please enter an email."),
			validation.RuneLength(0, commentMaxEmail).Error("The email must be at most 255 characters."),
			is.EmailFormat.Error("Please enter a valid email address."),
		),
	}.Filter()
}

// engagementComment stores a comment as plain text (it is never rendered as HTML) and
// counts it.
func engagementComment(typ string) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		id := e.Request.PathValue("id")
		if _, err := readCounter(e.App, typ, id, c.FieldCommentCount); err != nil {
			return engagementError(e, typ, err)
		}
		var form commentForm
		if err := e.BindBody(&form); err != nil {
			return e.BadRequestError(msgCommentFailed, err)
		}
		if err := form.Validate(); err != nil {
			msg := msgCommentFailed
			if form.Email == "" || form.Content == "" {
				msg = msgCommentBlank
			}
			return e.BadRequestError(msg, err)
		}
		ev := newEngagementEvent(e, typ, id, c.ActionComment)
		ev.Email, ev.Content = form.Email, form.Content
		if _, err := countAction(e.App, ev, c.FieldCommentCount); err != nil {
			return engagementError(e, typ, err)
		}
		return e.JSON(http.StatusCreated, map[string]string{"message": msgCommentSaved})
	}
}
