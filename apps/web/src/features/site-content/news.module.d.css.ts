// The classes of news.module.css, written by apps/web/scripts/css-module-types.mjs.
declare const styles: {
  readonly newsArticle: string;
  readonly newsArticleBack: string;
  readonly newsArticleBody: string;
  readonly newsArticleFurther: string;
  readonly newsArticleImage: string;
  readonly newsArticleLead: string;
  readonly newsArticleTitle: string;
  readonly newsCard: string;
  readonly newsCardBody: string;
  readonly newsCardDemo: string;
  readonly newsCardDesc: string;
  readonly newsCardImage: string;
  readonly newsCardImageSkeleton: string;
  readonly newsCardLink: string;
  readonly newsCardMeta: string;
  readonly newsCardSkeleton: string;
  readonly newsCardTitle: string;
  readonly newsCategories: string;
  readonly newsCategoriesLink: string;
  readonly newsCategoriesList: string;
  readonly newsGrid: string;
  readonly newsPager: string;
  readonly newsPagerGap: string;
  readonly newsPagerPosition: string;
  readonly newsTitle: string;
};
export default styles;
