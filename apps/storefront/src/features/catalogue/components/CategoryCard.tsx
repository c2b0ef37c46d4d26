import { Link } from 'react-router';

interface CategoryCardProps {
  to: string;
  image: string;
  name: string;
}

/** A round picture tile with a name under it, linking to a category or subcategory. */
export function CategoryCard({ to, image, name }: CategoryCardProps) {
  return (
    <Link className="category-card" to={to}>
      <span className="category-card__media">
        {/* The name below says what the picture shows, so the picture itself is decoration. */}
        <img src={image} alt="" width={320} height={320} loading="lazy" decoding="async" />
      </span>
      <span className="category-card__name">{name}</span>
    </Link>
  );
}
