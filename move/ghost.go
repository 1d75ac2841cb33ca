package move

import (
	"encoding/json"
	"sort"
	"strings"

	c "github.com/folio/folio/collections"
)

// ghostData is the part of a Ghost export (5.x: {"db": [{"meta", "data"}]}) an import reads.
type ghostData struct {
	Posts []struct {
		ID           string  `json:"id"`
		UUID         string  `json:"uuid"`
		Title        string  `json:"title"`
		Slug         string  `json:"slug"`
		HTML         *string `json:"html"`
		FeatureImage *string `json:"feature_image"`
		Type         string  `json:"type"`
		Status       string  `json:"status"`
		PublishedAt  *string `json:"published_at"`
		CreatedAt    *string `json:"created_at"`
		Page         any     `json:"page"` // Ghost before 4: page true/1
	} `json:"posts"`
	Tags []struct {
		ID         string `json:"id"`
		Name       string `json:"name"`
		Visibility string `json:"visibility"`
	} `json:"tags"`
	PostsTags []struct {
		PostID    string `json:"post_id"`
		TagID     string `json:"tag_id"`
		SortOrder int    `json:"sort_order"`
	} `json:"posts_tags"`
	Users []struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	} `json:"users"`
	PostsAuthors []struct {
		PostID    string `json:"post_id"`
		AuthorID  string `json:"author_id"`
		SortOrder int    `json:"sort_order"`
	} `json:"posts_authors"`
}

func parseGhost(data []byte) (*Parsed, error) {
	var file struct {
		DB []struct {
			Data *ghostData `json:"data"`
		} `json:"db"`
		Data *ghostData `json:"data"` // exports of Ghost before 1.0
	}
	if err := json.Unmarshal(data, &file); err != nil {
		return nil, badFile("The file is not valid JSON: %v.", err)
	}
	g := file.Data
	if len(file.DB) > 0 && file.DB[0].Data != nil {
		g = file.DB[0].Data
	}
	if g == nil || g.Posts == nil {
		return nil, badFile("The JSON file is not a Ghost export: db[0].data.posts is missing.")
	}
	tagNames := map[string]string{}
	for _, t := range g.Tags {
		if t.Visibility != "internal" && !strings.HasPrefix(t.Name, "#") { // internal tags are Ghost's own
			tagNames[t.ID] = t.Name
		}
	}
	userNames := map[string]string{}
	for _, u := range g.Users {
		userNames[u.ID] = u.Name
	}
	sort.SliceStable(g.PostsTags, func(i, j int) bool { return g.PostsTags[i].SortOrder < g.PostsTags[j].SortOrder })
	sort.SliceStable(g.PostsAuthors, func(i, j int) bool { return g.PostsAuthors[i].SortOrder < g.PostsAuthors[j].SortOrder })
	tags, authors := map[string][]string{}, map[string][]string{}
	for _, pt := range g.PostsTags {
		if n, ok := tagNames[pt.TagID]; ok {
			tags[pt.PostID] = append(tags[pt.PostID], n)
		}
	}
	for _, pa := range g.PostsAuthors {
		if n, ok := userNames[pa.AuthorID]; ok {
			authors[pa.PostID] = append(authors[pa.PostID], n)
		}
	}
	out := &Parsed{Format: "ghost"}
	for _, p := range g.Posts {
		if p.Type == "page" || p.Page == true || p.Page == float64(1) {
			out.Skipped++
			continue
		}
		post := Post{
			Source: "ghost:" + p.ID, Label: p.Title, Type: c.TypeBlog, Title: p.Title,
			Author: strings.Join(authors[p.ID], ", "), HTML: deref(p.HTML), Tags: tags[p.ID],
			CoverURL: deref(p.FeatureImage), Status: StatusPublished,
		}
		if post.Author == "" {
			post.Author = "Unknown"
		}
		post.Date = deref(p.PublishedAt)
		if post.Date == "" {
			post.Date = deref(p.CreatedAt)
		}
		switch p.Status {
		case "draft":
			post.Status = StatusDraft
		case "scheduled":
			post.Status, post.PublishAt = StatusScheduled, deref(p.PublishedAt)
		}
		if p.Slug != "" {
			post.OldPath = "/" + p.Slug + "/"
		}
		out.Posts = append(out.Posts, post)
	}
	return out, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
