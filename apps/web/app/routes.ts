import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/shop-layout.tsx", [
    index("routes/home.tsx"),
    route("product", "routes/catalogue.tsx"),
    route("product/:id", "routes/product.tsx"),
    route("product-category", "routes/product-category.tsx"),
    route("search", "routes/search.tsx"),
    route("about", "routes/about.tsx"),
    route("contact", "routes/contact.tsx"),
    route("blog", "routes/blog.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("terms", "routes/terms.tsx"),
    route("cookies", "routes/cookies.tsx"),
    route("forgot-password", "routes/forgot-password.tsx"),
    route("login", "routes/login.tsx"),
    route("sign-up", "routes/sign-up.tsx"),
    route("cart", "routes/cart.tsx"),
    route("order", "routes/order.tsx"),
    route("order-status", "routes/order-status.tsx"),
    route("admin-panel", "routes/admin/layout.tsx", [
      index("routes/admin/index.tsx"),
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("all-users", "routes/admin/all-users.tsx"),
      route("all-products", "routes/admin/all-products.tsx"),
      route("orders", "routes/admin/orders.tsx"),
      route("orders/:reference", "routes/admin/order.tsx"),
      route("messages", "routes/admin/messages.tsx"),
    ]),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
