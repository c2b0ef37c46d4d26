import { useId } from 'react';
import { Rating } from './Rating';

/** The sample feedback the product page shows (product.md §2: static, the same on every product). */
const SAMPLE_FEEDBACK = [
  {
    name: 'Ananya R.',
    place: 'Pune',
    rating: 5,
    text: 'So soft after the first wash, and no rashes on my daughter’s sensitive skin. The colours are gentle and have not faded.',
  },
  {
    name: 'Karthik S.',
    place: 'Chennai',
    rating: 4,
    text: 'Breathable cotton that works in our humid summers. The size chart was right; I would order one size up for a longer fit.',
  },
  {
    name: 'Meera & Joseph',
    place: 'Kochi',
    rating: 4.5,
    text: 'Lovely stitching and snaps that are easy at 3 am. Packed without plastic, which we appreciated.',
  },
] as const;

/** A static section of sample customer feedback, as product.md §8 shows on the product page. */
export function CustomerFeedback() {
  const headingId = useId();
  return (
    <section className="customer-feedback" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-heading">
        Customer Feedback
      </h2>
      <ul className="row g-3 list-unstyled">
        {SAMPLE_FEEDBACK.map((review) => (
          <li className="col-md-4" key={review.name}>
            <figure className="customer-feedback__card">
              <Rating value={review.rating} />
              <blockquote className="customer-feedback__text">
                <p>{review.text}</p>
              </blockquote>
              <figcaption className="customer-feedback__who">
                {review.name}, {review.place}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
