package seed

import (
	"context"
	"fmt"

	"sojourn/api/internal/app"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/shopreviews"
	"sojourn/api/internal/wishlists"
)

// shopReviewTexts are the demo product reviews (rating, text), used in turn.
var shopReviewTexts = []struct {
	Rating int
	Text   string
}{
	{5, "Exactly as pictured and beautifully finished. It arrived two days early, wrapped with care."},
	{4, "Good quality for the price. The colour is a shade darker than in the photos, but I like it."},
	{5, "Second time buying from this seller. Consistent quality and quick answers to my questions."},
	{3, "Does the job. The stitching on one side was a little loose; the seller offered to swap it."},
	{4, "Light enough for hand luggage and sturdy enough for a month on the road. Happy with it."},
	{5, "Bought it as a gift and it was a hit. The packaging alone felt like a present."},
	{2, "Smaller than I expected from the description. Check the measurements before you order."},
	{4, "Lovely scent and it lasts. Delivery to Abuja took five days, which was fine."},
}

// shopReviewReplies are the vendors' replies to the first published reviews.
var shopReviewReplies = []string{
	"Thank you for the kind words! We pack every order by hand, so this means a lot to the team.",
	"Thanks for the honest review. We have added the exact measurements to the listing so the next buyer knows.",
}

// demoShopReviews reviews the demo shoppers' delivered and completed order
// lines (most published by the demo admin, the last two waiting for
// moderation, a vendor reply on the first two published), leaving
// user@example.com's newest delivered line to review; and fills
// user@example.com's wishlists. Skipped when user@example.com has reviews.
func demoShopReviews(ctx context.Context, a *app.App, ids map[string]string) (string, error) {
	me, adminID := ids["user@example.com"], ids["admin@example.com"]
	if me == "" || adminID == "" {
		return "", nil
	}
	if mine, _, err := a.ShopReviews.Mine(ctx, me, page.Cursor{Limit: 1}); err != nil || len(mine) > 0 {
		if err != nil {
			return "", err
		}
		return "demo product reviews: already there\n", nil
	}
	var written []shopreviews.Review
	var vendors []string // each written review's vendor, for the replies
	k := 0
	for _, email := range []string{"user@example.com", "affiliate@example.com", "writer@example.com", "recruiter@example.com"} {
		buyer := ids[email]
		if buyer == "" {
			continue
		}
		lines, err := a.Shop.DeliveredLines(ctx, buyer, 50)
		if err != nil {
			return "", err
		}
		for i, l := range lines {
			if email == "user@example.com" && i == 0 {
				continue // one left for the demo user to review
			}
			t := shopReviewTexts[k%len(shopReviewTexts)]
			k++
			r, err := a.ShopReviews.Create(ctx, buyer, shopreviews.ReviewInput{OrderLineID: l.ID, Rating: t.Rating, Text: t.Text})
			if err != nil {
				return "", fmt.Errorf("review of line %s: %w", l.ID, err)
			}
			written, vendors = append(written, r), append(vendors, l.VendorID)
		}
	}
	published, replied := 0, 0
	for i, r := range written {
		if i >= len(written)-2 {
			break // the last two wait for the admin
		}
		if _, err := a.ShopReviews.Approve(ctx, adminID, "127.0.0.1", r.ID); err != nil {
			return "", err
		}
		published++
		if replied < len(shopReviewReplies) {
			if _, err := a.ShopReviews.Reply(ctx, vendors[i], r.ID, shopreviews.ReplyInput{Text: shopReviewReplies[replied]}); err != nil {
				return "", err
			}
			replied++
		}
	}
	saved, err := demoWishlist(ctx, a, ids)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("demo product reviews: %d (%d published, %d replied, %d pending); wishlist items: %d\n",
		len(written), published, replied, len(written)-published, saved), nil
}

// demoWishlist saves a few products in user@example.com's "Saved" list
// (alerts on the first) and a shared "Gifts for Mum" list.
func demoWishlist(ctx context.Context, a *app.App, ids map[string]string) (int, error) {
	me := ids["user@example.com"]
	stores, err := shopStock(ctx, a, ids["vendor@example.com"])
	if err != nil || len(stores) == 0 {
		return 0, err
	}
	lists, err := a.Wishlists.Lists(ctx, me)
	if err != nil {
		return 0, err
	}
	savedID := lists[0].ID
	name, shared := "Gifts for Mum", true
	gifts, err := a.Wishlists.Create(ctx, me, wishlists.ListInput{Name: &name, Shared: &shared})
	if err != nil {
		return 0, err
	}
	n := 0
	for i, st := range stores {
		if i >= 5 || len(st) == 0 {
			break
		}
		v := st[len(st)-1]
		list := savedID
		if i >= 3 {
			list = gifts.ID
		}
		if _, err := a.Wishlists.AddItem(ctx, me, list, wishlists.ItemInput{ProductID: v.ProductID, VariantID: v.ID,
			AlertPrice: i == 0, AlertStock: i == 1}); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}
