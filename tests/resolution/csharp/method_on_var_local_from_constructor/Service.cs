namespace App
{
    public class Service
    {
        void Store(string item)
        {
            var repo = new Repo();
            repo.Save(item);
        }
    }
}
