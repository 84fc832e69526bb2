package seed

import (
	"context"
	"encoding/json"
	"fmt"
	"image/color"
	"strings"
	"time"

	"sojourn/api/internal/app"
	"sojourn/api/internal/blog"
)

// BlogPost is one demo post by the demo writer (writer@, Kofi Asante).
// State is published, in_review, scheduled or draft; DaysAgo backdates a
// published post.
type BlogPost struct {
	Title, Slug, Excerpt, Category, City, State string
	Colour                                      color.RGBA
	DaysAgo                                     int
	Tags                                        []string
	// Body: paragraphs; a line starting "## " is a subheading, "> " a
	// quote, "- " a list item.
	Body []string
}

// BlogCategories are the demo blog's categories.
var BlogCategories = []string{"Destinations", "Food and drink", "Wellness", "Practical travel"}

// BlogPosts are the demo posts.
var BlogPosts = []BlogPost{
	{Title: "Cape Town before breakfast: Lion's Head at first light", Slug: "cape-town-lions-head-first-light",
		Excerpt:  "Why the city's most popular hike is best started in the dark, and what to pack for the chains.",
		Category: "Destinations", City: "Cape Town", Colour: rgb(0xf2, 0xb8, 0x6b), State: blog.StatusPublished, DaysAgo: 18,
		Tags: []string{"south africa", "hiking"},
		Body: []string{
			"The path up Lion's Head starts at a small car park on Signal Hill Road, and at half past five in summer it is already busy with headlamps. Go anyway. The climb takes about an hour and a quarter at an easy pace, and the reward is the sun coming up behind the Hottentots Holland mountains while the Atlantic side is still blue.",
			"## The route",
			"The trail winds clockwise around the peak, so the views change every ten minutes: first Camps Bay, then Robben Island, then the city bowl with Table Mountain's cableway still parked for the night.",
			"- Take the chains if you are comfortable with a short scramble; the ladder route is slower but gentler.",
			"- Carry a litre of water even at dawn: the rock holds yesterday's heat.",
			"- Wind is the real hazard. If the south-easter is blowing hard, save the summit for another morning.",
			"> The best moment is not the summit. It is the last bend below it, when the whole peninsula appears at once.",
			"Back at the car park, the coffee van usually opens at seven. Our walking guides in Cape Town run this hike three mornings a week in small groups.",
		}},
	{Title: "What to eat at a Lagos buka, and how to order it", Slug: "lagos-buka-what-to-eat",
		Excerpt:  "Amala, ewedu and the art of pointing: a first-timer's guide to Lagos's canteens.",
		Category: "Food and drink", City: "Lagos", Colour: rgb(0xe8, 0x8a, 0x3c), State: blog.StatusPublished, DaysAgo: 12,
		Tags: []string{"nigeria", "street food"},
		Body: []string{
			"A buka is a canteen with no menu. The pots are on the counter, the queue moves fast, and the cook will judge you kindly if you arrive knowing what you want.",
			"## Start with a swallow",
			"Pick one: amala (dark, made from yam flour), eba (garri, firmer) or pounded yam. Then choose a soup to go with it. Ewedu and gbegiri together, with a ladle of stew on top, is the classic called abula.",
			"## Then the protein",
			"Point at what you want: goat meat, beef, shaki (tripe), ponmo (cow skin) or fish. Each piece is priced separately, so ask before the third spoonful of assorted meat lands on your plate.",
			"> Eat with your right hand, wash before and after, and never rush the last piece of ponmo.",
			"Most bukas are busiest between noon and two. Go at half past eleven for the freshest pots and a free table.",
		}},
	{Title: "Three quiet mornings in the Marrakech medina", Slug: "marrakech-medina-quiet-mornings",
		Excerpt:  "The souks before the shutters open: courtyards, bread ovens and the call to prayer.",
		Category: "Destinations", City: "Marrakech", Colour: rgb(0xd9, 0x6c, 0x4a), State: blog.StatusPublished, DaysAgo: 8,
		Tags: []string{"morocco", "slow travel"},
		Body: []string{
			"Before nine, the medina belongs to the people who live there. Bakers slide trays of khobz into communal ovens, children run to school in grey smocks, and the lanes that will be impassable by noon are wide and cool.",
			"## Morning one: the ovens and the hammam",
			"Follow the smell of bread to a ferran, the neighbourhood oven. Families bring their own dough and collect it baked; a loaf costs a coin if you ask politely. Afterwards, a local hammam opens its women's hours early: bring your own towel and a little black soap.",
			"## Morning two: the tanneries from above",
			"The Chouara tannery is best seen from a terrace at eight, when the pits are being filled. Take the sprig of mint you are offered at the door.",
			"## Morning three: a garden before the crowds",
			"Le Jardin Secret opens at half past nine. Be at the gate: for twenty minutes you will have the pavilions and the fountain to yourself.",
		}},
	{Title: "A beginner's week of breathwork, from someone who was sceptical", Slug: "breathwork-beginners-week",
		Excerpt:  "Seven days, ten minutes a morning, and what actually changed.",
		Category: "Wellness", City: "Nairobi", Colour: rgb(0x8f, 0xb8, 0x9a), State: blog.StatusPublished, DaysAgo: 5,
		Tags: []string{"breathwork", "habits"},
		Body: []string{
			"I signed up for a week of guided breathwork sessions with one of Sojourn's coaches expecting very little. I am writing this on day eight, and I have not skipped a morning.",
			"## What a session looks like",
			"Ten minutes on a video call, camera optional. Four counts in through the nose, a pause, six counts out. Then box breathing for two minutes, and a long slow exhale to finish.",
			"## What changed",
			"- I fall asleep faster on the nights I also do a short session before bed.",
			"- My shoulders drop during meetings, because I now notice when they rise.",
			"- I did not become a calmer person. I became a person who knows how to get calm.",
			"> The trick, my coach said, is to practise when you do not need it, so it is there when you do.",
		}},
	{Title: "Packing for a safari: the list our guides actually use", Slug: "safari-packing-list",
		Excerpt:  "Neutral colours, soft bags and the one thing everybody forgets.",
		Category: "Practical travel", City: "Nairobi", Colour: rgb(0xc9, 0xa4, 0x5c), State: blog.StatusPublished, DaysAgo: 2,
		Tags: []string{"kenya", "packing"},
		Body: []string{
			"Light aircraft to the Masai Mara allow 15 kg in a soft bag, so every item has to earn its place. We asked three of our Nairobi guides what they pack for a four-night trip.",
			"## Clothes",
			"- Two pairs of trousers in khaki or olive, and one pair of shorts.",
			"- Layers: mornings on an open vehicle are cold until nine.",
			"- A wide-brimmed hat with a chin strap.",
			"## Kit",
			"- Binoculars, one pair per person. Sharing means missing the leopard.",
			"- A head torch for the walk from the tent to dinner.",
			"- A power bank: most camps charge devices only while the generator runs.",
			"> Everybody forgets a small bag for the vehicle. Your big bag stays in camp; your water, camera and sunscreen need to ride with you.",
		}},
	{Title: "Accra's Jamestown on foot: lighthouses, boxing and kenkey", Slug: "accra-jamestown-walk",
		Excerpt:  "A morning walk through Accra's oldest neighbourhood with a local guide.",
		Category: "Destinations", City: "Accra", Colour: rgb(0xe0, 0xa0, 0x50), State: blog.StatusInReview,
		Tags: []string{"ghana", "walking"},
		Body: []string{
			"Jamestown is where Accra began: a fishing quarter below a red-and-white lighthouse, with boxing gyms in its courtyards and canoes painted with proverbs on its beach.",
			"Start at the lighthouse at eight, when the fishermen are bringing in the night's catch, and finish with kenkey and fried fish at a chop bar on High Street.",
		}},
	{Title: "The slow train from Nairobi to Mombasa", Slug: "nairobi-mombasa-train",
		Excerpt:  "Giraffes from the window, chapati in the dining car and the coast by lunchtime.",
		Category: "Practical travel", City: "Nairobi", Colour: rgb(0xb5, 0x8b, 0x5e), State: blog.StatusScheduled,
		Tags: []string{"kenya", "trains"},
		Body: []string{
			"The Madaraka Express leaves Nairobi Terminus at eight and reaches Mombasa a little after two. Book the first-class carriage on the left side for the best view of Tsavo.",
			"The dining car serves chapati and beans, and tea that is sweeter than you asked for. Nobody minds.",
		}},
	{Title: "Notes for a piece on Lagos's new art galleries", Slug: "lagos-art-galleries-notes",
		Excerpt:  "Work in progress.",
		Category: "Destinations", City: "Lagos", Colour: rgb(0xa0, 0x6c, 0xd0), State: blog.StatusDraft,
		Tags: []string{"nigeria", "art"},
		Body: []string{"Start with the gallery on Victoria Island that opened in March; interview the curator about the residency programme."},
	},
}

// blogDoc turns a demo post's lines into a document, with its photo after
// the first paragraph.
func blogDoc(p BlogPost, image string) json.RawMessage {
	text := func(s string) []any { return []any{map[string]any{"type": "text", "text": s}} }
	var content []any
	var list []any
	flush := func() {
		if len(list) > 0 {
			content = append(content, map[string]any{"type": "bulletList", "content": list})
			list = nil
		}
	}
	for i, line := range p.Body {
		switch {
		case strings.HasPrefix(line, "- "):
			list = append(list, map[string]any{"type": "listItem", "content": []any{map[string]any{"type": "paragraph", "content": text(line[2:])}}})
			continue
		case strings.HasPrefix(line, "## "):
			flush()
			content = append(content, map[string]any{"type": "heading", "attrs": map[string]any{"level": 2}, "content": text(line[3:])})
		case strings.HasPrefix(line, "> "):
			flush()
			content = append(content, map[string]any{"type": "blockquote", "content": []any{map[string]any{"type": "paragraph", "content": text(line[2:])}}})
		default:
			flush()
			content = append(content, map[string]any{"type": "paragraph", "content": text(line)})
		}
		if i == 0 && image != "" {
			content = append(content, map[string]any{"type": "image", "attrs": map[string]any{"src": image, "alt": "A view of " + p.City + " at the hour the story describes", "title": p.City}})
		}
	}
	flush()
	b, _ := json.Marshal(map[string]any{"type": "doc", "content": content})
	return b
}

// demoBlog gives the demo writer published posts in several categories
// with photos, one in review, one scheduled three days ahead and one
// draft; the admin approves them. Skipped when the writer has posts.
func demoBlog(ctx context.Context, a *app.App, ids map[string]string) (string, error) {
	writer, admin := ids["writer@example.com"], ids["admin@example.com"]
	if writer == "" || admin == "" {
		return "", nil
	}
	n, err := a.Deps.DB.NewSelect().TableExpr("blog_posts").Where("author_id = ?", writer).Count(ctx)
	if err != nil || n > 0 {
		return "demo blog: already there\n", err
	}
	cats := map[string]string{}
	existing, err := a.Blog.Categories(ctx)
	if err != nil {
		return "", err
	}
	for _, c := range existing {
		cats[c.Name] = c.ID
	}
	for _, name := range BlogCategories {
		if cats[name] != "" {
			continue
		}
		c, err := a.Blog.SaveCategory(ctx, "", name)
		if err != nil {
			return "", err
		}
		cats[name] = c.ID
	}
	now := a.Deps.Clock.Now().UTC()
	counts := map[string]int{}
	for i, p := range BlogPosts {
		url, err := a.Deps.Storage.Put(ctx, "blog/seed/"+p.Slug+".jpg", TourPhoto(p.City, p.Colour, 40+i))
		if err != nil {
			return "", err
		}
		inline, err := a.Deps.Storage.Put(ctx, "blog/seed/"+p.Slug+"-2.jpg", TourPhoto(p.City, p.Colour, 60+3*i))
		if err != nil {
			return "", err
		}
		cat := cats[p.Category]
		in := blog.Input{Title: p.Title, Slug: p.Slug, Excerpt: p.Excerpt, Body: blogDoc(p, inline), CategoryID: &cat,
			Tags: p.Tags, FeaturedImage: url, SEODescription: p.Excerpt}
		post, err := a.Blog.Create(ctx, writer, in)
		if err != nil {
			return "", fmt.Errorf("post %q: %w", p.Title, err)
		}
		counts[p.State]++
		if p.State == blog.StatusDraft {
			continue
		}
		if _, err := a.Blog.Submit(ctx, writer, post.ID); err != nil {
			return "", err
		}
		switch p.State {
		case blog.StatusPublished:
			if _, err := a.Blog.Approve(ctx, admin, post.ID, post.Version, nil); err != nil {
				return "", err
			}
			at := now.Add(-time.Duration(p.DaysAgo)*24*time.Hour + 9*time.Hour)
			if _, err := a.Deps.DB.NewUpdate().TableExpr("blog_posts").Set("published_at = ?", at).Set("updated_at = ?", at).
				Set("views = ?", 40+p.DaysAgo*37).Where("id = ?", post.ID).Exec(ctx); err != nil {
				return "", err
			}
		case blog.StatusScheduled:
			at := now.Add(72 * time.Hour).Truncate(time.Hour)
			if _, err := a.Blog.Approve(ctx, admin, post.ID, post.Version, &at); err != nil {
				return "", err
			}
		}
	}
	return fmt.Sprintf("demo blog: %d published, %d in review, %d scheduled, %d draft by writer@example.com\n",
		counts[blog.StatusPublished], counts[blog.StatusInReview], counts[blog.StatusScheduled], counts[blog.StatusDraft]), nil
}
