package seed

import (
	"context"
	"fmt"
	"image/color"

	"sojourn/api/internal/app"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/social"
)

// socialPost is one demo post: its author, text, audience and photos drawn
// like the tours' (TourPhoto of a city), then its likes and comments.
type socialPost struct {
	Author, Body, Audience string
	City                   string // "" = no photos
	Photos                 int
	Likes                  []string
	Comments               [][2]string // author, text
	Reports                [][2]string // reporter, reason (left open for the admins)
}

var socialFriends = [][2]string{
	{"user@example.com", "affiliate@example.com"},
	{"user@example.com", "writer@example.com"},
	{"affiliate@example.com", "therapist@example.com"},
	{"writer@example.com", "rental@example.com"},
	{"writer@example.com", "affiliate@example.com"},
}

var socialPosts = []socialPost{
	{Author: "guide@example.com", Audience: social.AudiencePublic, City: "Cape Town", Photos: 3,
		Body:     "Sunrise on Lion's Head this morning: twelve walkers, one very patient dassie. Saturday's departure has four seats left.",
		Likes:    []string{"user@example.com", "affiliate@example.com"},
		Comments: [][2]string{{"user@example.com", "That light! Booking Saturday for my sister and me."}}},
	{Author: "affiliate@example.com", Audience: social.AudienceFriends, City: "Marrakech", Photos: 2,
		Body:     "Back from Marrakech. The Jemaa el-Fnaa food stalls after dark are everything people say. Ask me for the tagine place.",
		Likes:    []string{"user@example.com", "writer@example.com"},
		Comments: [][2]string{{"writer@example.com", "Send me the name please, going in March."}, {"user@example.com", "Jealous. Next trip together?"}}},
	{Author: "coach@example.com", Audience: social.AudiencePublic,
		Body:  "Small habit for the week: write tomorrow's three priorities before you close your laptop tonight. Five minutes, less noise in the morning.",
		Likes: []string{"user@example.com"}},
	{Author: "writer@example.com", Audience: social.AudiencePublic, City: "Lagos", Photos: 1,
		Body:  "New piece up on the blog: a weekend in Lagos on foot, from Makoko to the Lekki Conservation Centre canopy walk.",
		Likes: []string{"affiliate@example.com"}},
	{Author: "therapist@example.com", Audience: social.AudiencePublic,
		Body:    "Travel anxiety is common and workable. If airports make your chest tight, try box breathing at the gate: in 4, hold 4, out 4, hold 4.",
		Reports: [][2]string{{"recruiter@example.com", "Reads like medical advice without a disclaimer."}}},
	{Author: "user@example.com", Audience: social.AudienceFriends, City: "Accra", Photos: 2,
		Body:     "Planning Accra in December: Jamestown walk, Labadi beach and a day at Aburi gardens. Who's in?",
		Likes:    []string{"affiliate@example.com"},
		Comments: [][2]string{{"affiliate@example.com", "Me! I'll look at flights this weekend."}}},
}

// demoSocial makes friends, pending requests, follows and posts with
// photos, likes and comments, so /friendrequest and /feed are alive for
// user@example.com. Skipped when user@example.com has friends already.
func demoSocial(ctx context.Context, a *app.App, ids map[string]string) (string, error) {
	me := ids["user@example.com"]
	if me == "" {
		return "", nil
	}
	if f, _, err := a.Social.Friends(ctx, me, page.Cursor{Limit: 1}); err != nil || len(f) > 0 {
		if err != nil {
			return "", err
		}
		return "demo social: already there\n", nil
	}
	for _, p := range socialFriends {
		from, to := ids[p[0]], ids[p[1]]
		if from == "" || to == "" {
			continue
		}
		r, err := a.Social.SendRequest(ctx, from, social.FriendInput{UserID: to})
		if err != nil {
			return "", fmt.Errorf("request %s -> %s: %w", p[0], p[1], err)
		}
		if r.Request != nil {
			if _, err := a.Social.Accept(ctx, to, r.Request.ID); err != nil {
				return "", err
			}
		}
	}
	// Pending: one received by the demo user, one sent.
	for _, p := range [][2]string{{"recruiter@example.com", "user@example.com"}, {"user@example.com", "vendor@example.com"}} {
		if ids[p[0]] != "" && ids[p[1]] != "" {
			if _, err := a.Social.SendRequest(ctx, ids[p[0]], social.FriendInput{UserID: ids[p[1]]}); err != nil {
				return "", fmt.Errorf("request %s -> %s: %w", p[0], p[1], err)
			}
		}
	}
	for _, prov := range []string{"guide@example.com", "coach@example.com"} {
		if ids[prov] != "" {
			if _, err := a.Social.Follow(ctx, me, social.FollowInput{ProviderID: ids[prov]}); err != nil {
				return "", fmt.Errorf("follow %s: %w", prov, err)
			}
		}
	}
	posted, photos := 0, 0
	for i, sp := range socialPosts {
		author := ids[sp.Author]
		if author == "" {
			continue
		}
		p, err := a.Social.CreatePost(ctx, author, social.PostInput{Body: sp.Body, Audience: sp.Audience})
		if err != nil {
			return "", fmt.Errorf("post by %s: %w", sp.Author, err)
		}
		posted++
		for v := range sp.Photos {
			tint := color.RGBA{uint8(0x40 + 30*i), 0x90, uint8(0xc0 - 20*v), 0xff}
			if _, err := a.Social.AddPhoto(ctx, author, p.ID, TourPhoto(sp.City, tint, i*3+v)); err != nil {
				return "", fmt.Errorf("photo of %s's post: %w", sp.Author, err)
			}
			photos++
		}
		for _, who := range sp.Likes {
			if ids[who] != "" {
				if _, err := a.Social.Like(ctx, ids[who], p.ID); err != nil {
					return "", fmt.Errorf("like by %s: %w", who, err)
				}
			}
		}
		for _, r := range sp.Reports {
			if ids[r[0]] != "" {
				if err := a.Social.ReportPost(ctx, ids[r[0]], p.ID, social.ReportInput{Reason: r[1]}); err != nil {
					return "", fmt.Errorf("report by %s: %w", r[0], err)
				}
			}
		}
		for _, c := range sp.Comments {
			if ids[c[0]] != "" {
				if _, err := a.Social.AddComment(ctx, ids[c[0]], p.ID, social.CommentInput{Body: c[1]}); err != nil {
					return "", fmt.Errorf("comment by %s: %w", c[0], err)
				}
			}
		}
	}
	return fmt.Sprintf("demo social: %d friendships, 2 pending requests, 2 follows, %d posts with %d photos, 1 open report\n",
		len(socialFriends), posted, photos), nil
}
