/** The media feature's server surface: loading image rows and generating the seed pictures. */
export {
  createGeneratedImage,
  type GeneratedImageSpec,
  getMedia,
  insertMedia,
  type RenderedImage,
  renderGeneratedImage,
} from './media.server';
export { ASPECTS, type Aspect, random as seededRandom, SCENES, type Scene } from './scene';
