import type { Testimonial } from '@kapaas/contract';
import { useId } from 'react';
import { Carousel } from '#storefront/components/carousel/Carousel.tsx';
import { LoadingState } from '#storefront/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#storefront/components/feedback/QueryErrorAlert.tsx';
import { SafeHtml } from '#storefront/components/SafeHtml.tsx';
import { useTestimonials } from '../../api/useTestimonials';

/** Parents' words about the shop, two at a time. */
export function Testimonials() {
  const headingId = useId();
  const testimonials = useTestimonials();

  if (testimonials.isSuccess && testimonials.data.length === 0) return null;

  return (
    <section className="home-section home-section--tinted" aria-labelledby={headingId}>
      <div className="container">
        <h2 id={headingId} className="section-heading">
          What Parents Say
        </h2>
        {testimonials.isPending && <LoadingState label="Loading testimonials" />}
        {testimonials.isError && <QueryErrorAlert error={testimonials.error} onRetry={() => testimonials.refetch()} />}
        {testimonials.isSuccess && (
          <Carousel
            items={testimonials.data}
            getKey={(testimonial) => testimonial.id}
            renderSlide={(testimonial) => <TestimonialCard testimonial={testimonial} />}
            slideName="testimonial"
            layout="pair"
            showDots
          />
        )}
      </div>
    </section>
  );
}

/**
 * The owner's colours for a card, set through the CSSOM once the page runs: the page's Content-Security-Policy
 * refuses style attributes (ADR 038), so the server's HTML shows the card in the theme's colours until then.
 */
function paintWith(background: string, border: string) {
  return (figure: HTMLElement | null) => {
    figure?.style.setProperty('background-color', background);
    figure?.style.setProperty('border-color', border);
  };
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="testimonial" ref={paintWith(testimonial.background_color, testimonial.border_color)}>
      <blockquote className="testimonial__quote">
        <SafeHtml html={testimonial.description} />
      </blockquote>
      <figcaption className="testimonial__author">
        {/* The name beside the photo identifies the parent; the photo adds nothing for a screen reader. */}
        <img src={testimonial.image} alt="" width="56" height="56" loading="lazy" decoding="async" />
        <span>
          <span className="testimonial__name">{testimonial.customer_name}</span>
          <span className="testimonial__location">{testimonial.location}</span>
        </span>
      </figcaption>
    </figure>
  );
}
