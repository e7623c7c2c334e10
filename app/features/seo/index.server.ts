export { robotsTxt, rssFeed, sitemapXml } from './seo.server';
