import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/shop-layout.tsx", [
    index("routes/home.tsx"),
    route("product/:id", "routes/product.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
