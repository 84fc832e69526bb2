package duffel

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// SearchOffers creates an offer request and answers it with its offers
// (POST /air/offer_requests?return_offers=true).
func (c *Client) SearchOffers(ctx context.Context, in CreateOfferRequest) (OfferRequest, error) {
	var out OfferRequest
	q := url.Values{"return_offers": {"true"}}
	err := c.Do(ctx, http.MethodPost, "/air/offer_requests", q, "", in, &out)
	return out, err
}

// GetOffer fetches one offer again (GET /air/offers/{id}); this is the
// re-price: its total may differ from the search's, and an offer that can
// no longer be sold answers offer_no_longer_available.
func (c *Client) GetOffer(ctx context.Context, id string) (Offer, error) {
	var out Offer
	err := c.Do(ctx, http.MethodGet, "/air/offers/"+url.PathEscape(id), url.Values{"return_available_services": {"true"}}, "", nil, &out)
	return out, err
}

// CreateOrder books an offer (POST /air/orders), idempotent by idemKey.
func (c *Client) CreateOrder(ctx context.Context, idemKey string, in CreateOrder) (Order, error) {
	var out Order
	if in.Type == "" {
		in.Type = "instant"
	}
	err := c.Do(ctx, http.MethodPost, "/air/orders", nil, idemKey, in, &out)
	return out, err
}

// GetOrder fetches an order (GET /air/orders/{id}).
func (c *Client) GetOrder(ctx context.Context, id string) (Order, error) {
	var out Order
	err := c.Do(ctx, http.MethodGet, "/air/orders/"+url.PathEscape(id), nil, "", nil, &out)
	return out, err
}

// QuoteCancellation asks what cancelling an order refunds
// (POST /air/order_cancellations); the quote expires at ExpiresAt.
func (c *Client) QuoteCancellation(ctx context.Context, idemKey, orderID string) (OrderCancellation, error) {
	var out OrderCancellation
	err := c.Do(ctx, http.MethodPost, "/air/order_cancellations", nil, idemKey,
		map[string]string{"order_id": orderID}, &out)
	return out, err
}

// ConfirmCancellation cancels the order at the quoted refund
// (POST /air/order_cancellations/{id}/actions/confirm).
func (c *Client) ConfirmCancellation(ctx context.Context, idemKey, id string) (OrderCancellation, error) {
	var out OrderCancellation
	err := c.Do(ctx, http.MethodPost, "/air/order_cancellations/"+url.PathEscape(id)+"/actions/confirm", nil,
		idemKey, nil, &out)
	return out, err
}

// AmountMinor converts a Duffel decimal amount ("125000.5") to minor units
// (two decimals).
func AmountMinor(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "" || strings.HasPrefix(s, "-") {
		return 0, fmt.Errorf("duffel: bad amount %q", s)
	}
	whole, frac, _ := strings.Cut(s, ".")
	if len(frac) > 2 {
		return 0, fmt.Errorf("duffel: amount %q has more than two decimals", s)
	}
	for len(frac) < 2 {
		frac += "0"
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil || w > 1e15 {
		return 0, fmt.Errorf("duffel: bad amount %q", s)
	}
	f, err := strconv.ParseInt(frac, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("duffel: bad amount %q", s)
	}
	return w*100 + f, nil
}

// FormatAmount writes minor units as Duffel's decimal string.
func FormatAmount(minor int64) string {
	return fmt.Sprintf("%d.%02d", minor/100, minor%100)
}

// LocalTime reads a segment time (local, no offset) in the airport's zone.
func LocalTime(s, zone string) (time.Time, error) {
	loc, err := time.LoadLocation(zone)
	if err != nil {
		return time.Time{}, err
	}
	t, err := time.ParseInLocation("2006-01-02T15:04:05", s, loc)
	if err != nil {
		return time.Time{}, errors.New("duffel: bad local time " + s)
	}
	return t, nil
}

// ParseDuration reads an ISO 8601 duration of days, hours and minutes
// (P1DT2H30M).
func ParseDuration(s string) (time.Duration, error) {
	if !strings.HasPrefix(s, "P") {
		return 0, errors.New("duffel: bad duration " + s)
	}
	var d time.Duration
	num := ""
	inTime := false
	for _, r := range s[1:] {
		switch {
		case r == 'T':
			inTime = true
		case r >= '0' && r <= '9':
			num += string(r)
		default:
			n, err := strconv.Atoi(num)
			if err != nil {
				return 0, errors.New("duffel: bad duration " + s)
			}
			num = ""
			switch {
			case r == 'D' && !inTime:
				d += time.Duration(n) * 24 * time.Hour
			case r == 'H' && inTime:
				d += time.Duration(n) * time.Hour
			case r == 'M' && inTime:
				d += time.Duration(n) * time.Minute
			case r == 'S' && inTime:
				d += time.Duration(n) * time.Second
			default:
				return 0, errors.New("duffel: bad duration " + s)
			}
		}
	}
	return d, nil
}

// FormatDuration writes d as ISO 8601 (P1DT2H30M, PT45M).
func FormatDuration(d time.Duration) string {
	mins := int(d.Round(time.Minute) / time.Minute)
	days, mins := mins/(24*60), mins%(24*60)
	h, m := mins/60, mins%60
	out := "P"
	if days > 0 {
		out += strconv.Itoa(days) + "D"
	}
	if h > 0 || m > 0 || days == 0 {
		out += "T"
		if h > 0 {
			out += strconv.Itoa(h) + "H"
		}
		if m > 0 || h == 0 {
			out += strconv.Itoa(m) + "M"
		}
	}
	return out
}
