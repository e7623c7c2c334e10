export { type Seo, seoMeta, xmlEscape } from './model';
