export { routeMeta, type Seo, seoMeta, xmlEscape } from './model';
