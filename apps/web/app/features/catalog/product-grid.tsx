import { GRID_CLASS } from "./paged-grid";
import { type CardProduct, ProductCard } from "./product-card";

/**
 * Products as a grid of cards (search results, category page); the first card's picture, the
 * largest of the first screen, loads at once with high priority, the others lazily (decision 027).
 */
export function ProductGrid({ products }: { products: CardProduct[] }) {
  return (
    <ul className={GRID_CLASS}>
      {products.map((product, i) => (
        <li key={product._id}>
          <ProductCard product={product} eager={i === 0} />
        </li>
      ))}
    </ul>
  );
}
