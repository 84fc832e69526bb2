package seed

import (
	"context"
	"fmt"

	"sojourn/api/internal/app"
	"sojourn/api/internal/practice"
)

// demoVideo gives user@ a confirmed video session with therapist@ on the
// first free slot of a one-to-one video offering (today or later), unless
// one is already coming: its room is listed on /video-chat and
// /therapy-app/video-chat and opens 10 minutes before the start. It
// answers the room's id ("" when nothing was needed or possible).
func demoVideo(ctx context.Context, a *app.App, ids map[string]string) (string, error) {
	client, therapist := ids["user@example.com"], ids["therapist@example.com"]
	rooms, err := a.Video.Rooms(ctx, client, "")
	if err != nil {
		return "", err
	}
	for _, r := range rooms {
		if r.Kind == "appointment" && r.Peer.ID == therapist {
			return "", nil
		}
	}
	ps, err := a.Practice.ProvidersOfUser(ctx, therapist)
	if err != nil {
		return "", err
	}
	for _, p := range ps {
		if p.Kind != practice.KindTherapist {
			continue
		}
		views, err := a.Practice.PublicOfferings(ctx, p.ID)
		if err != nil || len(views) == 0 {
			return "", nil // not published
		}
		for _, v := range views {
			off, err := a.Practice.Offering(ctx, v.ID)
			if err != nil {
				return "", err
			}
			if off.Format != practice.FormatVideo || off.Capacity != 1 || off.RequiresConfirmation {
				continue
			}
			now := a.Deps.Clock.Now().UTC()
			search, err := a.Bookings.Slots(ctx, off.ID, now.Format("2006-01-02"), now.AddDate(0, 0, 7).Format("2006-01-02"), "UTC")
			if err != nil {
				return "", err
			}
			if len(search.Slots) == 0 {
				continue
			}
			b, err := a.Bookings.BookWallet(ctx, client, off.ID, search.Slots[0].Start, demoAnswers(off, 0), "")
			if err != nil {
				return "", fmt.Errorf("video session: %w", err)
			}
			return b.ID, nil
		}
	}
	return "", nil
}
