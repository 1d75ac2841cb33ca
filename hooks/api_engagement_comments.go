package hooks

import (
	"net/http"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/ozzo-validation/v4/is"
	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/engagement"
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
// counts it. An unknown item answers 404 before any body error; the batch checks the
// item of a valid comment, so the common case reads it once, inside the transaction.
func engagementComment(svc *engagement.Service, places *geoLocator, typ string) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		id := e.Request.PathValue("id")
		var form commentForm
		err := e.BindBody(&form)
		msg := msgCommentFailed
		if err == nil {
			if err = form.Validate(); err != nil && (form.Email == "" || form.Content == "") {
				msg = msgCommentBlank
			}
		}
		if err != nil {
			if _, missing := svc.Count(typ, id, c.FieldCommentCount); missing != nil {
				return engagementError(e, typ, missing)
			}
			return e.BadRequestError(msg, err)
		}
		op := &engagement.Op{Event: newEngagementEvent(e, places, typ, id, c.ActionComment)}
		op.Event.Email, op.Event.Content = form.Email, form.Content
		if err := submitEngagement(svc, e, op); err != nil {
			return err
		}
		return e.JSON(http.StatusCreated, map[string]string{"message": msgCommentSaved})
	}
}
