import { GRID_CLASS } from "./paged-grid";
import { type CardProduct, ProductCard } from "./product-card";

/** Products as a grid of cards (search results, category page); the first two load eagerly. */
export function ProductGrid({ products }: { products: CardProduct[] }) {
  return (
    <ul className={GRID_CLASS}>
      {products.map((product, i) => (
        <li key={product._id}>
          <ProductCard product={product} eager={i < 2} />
        </li>
      ))}
    </ul>
  );
}
