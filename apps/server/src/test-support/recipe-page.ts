/**
 * A small recipe page written for the server suites: a blog page with the recipe in a JSON-LD
 * @graph among other nodes, scripts and page chrome around it, as most recipe sites send it.
 */
export const RECIPE_PAGE_TITLE = 'Lemon Barley Soup';

export const RECIPE_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${RECIPE_PAGE_TITLE} | Soup Season</title>
<meta property="og:image" content="/photo.jpg">
<script>window.dataLayer = window.dataLayer || []; dataLayer.push({ page: 'recipe' });</script>
<script type="application/ld+json">
{
  "@context": "https://schema.org",
  "@graph": [
    { "@type": "WebSite", "name": "Soup Season", "url": "https://soup-season.example/" },
    { "@type": "BreadcrumbList", "itemListElement": [{ "@type": "ListItem", "position": 1, "name": "Soups" }] },
    {
      "@type": "Recipe",
      "name": "${RECIPE_PAGE_TITLE}",
      "image": "/photo.jpg",
      "prepTime": "PT15M",
      "cookTime": "PT45M",
      "recipeYield": "6 servings",
      "recipeIngredient": [
        "1 cup pearl barley, rinsed",
        "2 tablespoons olive oil",
        "1 large onion, diced",
        "3 cloves garlic, minced",
        "8 cups vegetable stock",
        "2 lemons, zested and juiced",
        "1 bunch dill, chopped",
        "salt and pepper, to taste"
      ],
      "recipeInstructions": [
        { "@type": "HowToStep", "text": "Soften the onion and garlic in the oil." },
        { "@type": "HowToStep", "text": "Add the barley and stock and simmer for 40 minutes." },
        { "@type": "HowToStep", "text": "Stir in the lemon and dill; season." }
      ]
    }
  ]
}
</script>
</head>
<body>
<nav><a href="/">Home</a> · <a href="/soups">Soups</a></nav>
<h1>${RECIPE_PAGE_TITLE}</h1>
<p>Bright, filling and ready in an hour. Jump to recipe.</p>
<footer>© Soup Season</footer>
</body>
</html>
`;
