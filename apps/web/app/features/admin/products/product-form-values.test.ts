import { FIELD_MSG, MSG } from "@shop/shared/core";
import { describe, expect, it } from "vitest";
import { aProduct } from "../../../test/builders";
import { checkProduct, francsOf, productInput, productValues } from "./product-form-values";

const filled = {
  productName: "iPhone 15 Pro 256 Go",
  brandName: "Apple",
  category: "IPHONE 15",
  price: "850000",
  sellingPrice: "790 000",
  description: "",
};

describe("francsOf", () => {
  it("reads whole francs as typed on a phone, spaces and thousands marks included", () => {
    expect(francsOf("250000")).toBe(250000);
    expect(francsOf(" 250 000 ")).toBe(250000);
    expect(francsOf("250\u202f000")).toBe(250000);
    expect(francsOf("250.000")).toBe(250000);
  });

  it("refuses what is not a whole number", () => {
    for (const text of ["", "abc", "12abc", "-5", "1,5", "1e6"]) expect(francsOf(text)).toBeNull();
  });
});

describe("checkProduct", () => {
  it("accepts a complete product without a description", () => {
    expect(checkProduct(filled)).toEqual({});
  });

  it("names every missing or wrong field in French, with the server's words", () => {
    expect(
      checkProduct({ productName: " ", brandName: "", category: "", price: "cher", sellingPrice: "", description: "" }),
    ).toEqual({
      productName: FIELD_MSG.productNameRequired,
      brandName: FIELD_MSG.brandNameRequired,
      category: FIELD_MSG.categoryInvalid,
      price: FIELD_MSG.priceInvalid,
      sellingPrice: FIELD_MSG.priceInvalid,
    });
  });

  it("takes a category of the shop's list, a new one included, and none that is not in it", () => {
    const categories = ["IPHONE 15", "IPHONE 16", "SAMSUNG"];
    expect(checkProduct({ ...filled, category: "IPHONE 16" }, { categories })).toEqual({});
    expect(checkProduct({ ...filled, category: "NOKIA" }, { categories })).toEqual({
      category: FIELD_MSG.categoryInvalid,
    });
    // The list could not be read: the server judges the name.
    expect(checkProduct({ ...filled, category: "NOKIA" }, { categories: [] })).toEqual({});
    expect(checkProduct({ ...filled, category: " " }, { categories: [] })).toEqual({
      category: FIELD_MSG.categoryInvalid,
    });
  });

  it("refuses a zero price and a selling price above the old one", () => {
    expect(checkProduct({ ...filled, price: "0" }).price).toBe(FIELD_MSG.priceInvalid);
    expect(checkProduct({ ...filled, sellingPrice: "900000" }).sellingPrice).toBe(MSG.sellingAbovePrice);
  });
});

describe("productInput", () => {
  it("sends numbers for the prices, trimmed texts and the photos in their order", () => {
    expect(productInput({ ...filled, productName: " iPhone 15 Pro 256 Go " }, ["/a.webp", "/b.webp"])).toEqual({
      productName: "iPhone 15 Pro 256 Go",
      brandName: "Apple",
      category: "IPHONE 15",
      price: 850000,
      sellingPrice: 790000,
      description: "",
      productImage: ["/a.webp", "/b.webp"],
    });
  });
});

describe("productValues", () => {
  it("starts empty for a new product and from the product for an edit", () => {
    expect(productValues().price).toBe("");
    expect(
      productValues(
        aProduct({
          productName: "Galaxy S24",
          brandName: "Samsung",
          category: "SAMSUNG",
          description: "Neuf",
          price: 600000,
          sellingPrice: 550000,
        }),
      ),
    ).toEqual({
      productName: "Galaxy S24",
      brandName: "Samsung",
      category: "SAMSUNG",
      price: "600000",
      sellingPrice: "550000",
      description: "Neuf",
    });
  });
});
